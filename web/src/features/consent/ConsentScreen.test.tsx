import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import ConsentScreen from './ConsentScreen';

const stack = withRealStack();
const routes = [
  { path: '/approve', element: <ConsentScreen /> },
  { path: '/', element: <p>home reached</p> },
];
const partnerRequest = new URLSearchParams({
  client_id: '101',
  redirect_uri: 'http://127.0.0.1:5555/callback',
  response_type: 'code',
  state: 'shop-state',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  partner: '1',
});

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('consent', () => {
  it('shows the spec error for a partner with an invalid configuration', async () => {
    await signedInAs(stack(), 'partner@example.be');
    await renderScreen('/approve?error=invalid_configuration&partner=1', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Oops. Seems like the partner you're coming from uses an invalid configuration.",
    );
  });

  it('names the client and its scopes; both answers are a form post to the gateway', async () => {
    await signedInAs(stack(), 'partner@example.be');
    await renderScreen(`/approve?${partnerRequest}`, routes);
    expect(await screen.findByText('Partner Shop wants to access your account.')).toBeVisible();
    // "It will be able to:" leads straight into the list, the app's site comes before.
    const list = screen.getByRole('list', { name: 'Requested permissions' });
    expect(list.previousElementSibling).toHaveTextContent('It will be able to:');
    expect(screen.getByText(/^Site of the app: /).compareDocumentPosition(list)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByText(/^Logged in as /)).toBeVisible();
    expect(list).toHaveTextContent('See your name and contact detailsSee your balances');
    // Refuse and Allow post the partner's request to the gateway, which answers 303 to the
    // partner (error=access_denied and the state, or the code): without JavaScript too.
    const refuse = screen.getByRole('button', { name: 'Refuse' });
    const allow = screen.getByRole('button', { name: 'Allow' });
    const form = refuse.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/approve');
    expect(allow.closest('form')).toBe(form);
    expect(refuse).toHaveAttribute('type', 'submit');
    expect(Object.fromEntries(new FormData(form as HTMLFormElement, refuse))).toEqual({
      client_id: '101',
      redirect_uri: 'http://127.0.0.1:5555/callback',
      response_type: 'code',
      state: 'shop-state',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      approve: 'false',
    });
    expect(new FormData(form as HTMLFormElement, allow).get('approve')).toBe('true');
  });

  it('treats a request for an unregistered redirect URI as an invalid configuration', async () => {
    await signedInAs(stack(), 'partner@example.be');
    const bad = new URLSearchParams(partnerRequest);
    bad.set('redirect_uri', 'https://evil.example/cb');
    await renderScreen(`/approve?${bad}`, routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Oops. Seems like the partner you're coming from uses an invalid configuration.",
    );
  });
});
