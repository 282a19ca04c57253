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
});

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** Partner Shop's link followed in this browser: the gateway keeps the request in the consent flow. */
async function partnerAsks() {
  const res = await fetch(`/authorize?${partnerRequest}`, { redirect: 'manual' });
  expect(res.headers.get('location')).toBe('/approve');
}

describe('consent', () => {
  it('shows the spec error for a partner with an invalid configuration', async () => {
    await signedInAs(stack(), 'partner@example.be');
    await renderScreen('/approve?error=invalid_configuration&partner=1', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Oops. Seems like the partner you're coming from uses an invalid configuration.",
    );
  });

  it('names the client and its scopes from the consent flow; the answers are a form post of the answer alone', async () => {
    await signedInAs(stack(), 'partner@example.be');
    await partnerAsks();
    await renderScreen('/approve', routes);
    expect(await screen.findByText('Partner Shop wants to access your account.')).toBeVisible();
    // "It will be able to:" leads straight into the list, the app's site comes before.
    const list = screen.getByRole('list', { name: 'Requested permissions' });
    expect(list.previousElementSibling).toHaveTextContent('It will be able to:');
    const site = screen.getByText('Site of the app: 127.0.0.1:5555');
    expect(site.compareDocumentPosition(list)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(await screen.findByText(/^Logged in as /)).toBeVisible();
    expect(list).toHaveTextContent('See your name and contact detailsSee your balances');
    // Refuse and Allow post to the gateway, which answers the flow's request and sends the
    // browser on (303): without JavaScript too. Nothing of the request is in the form.
    const refuse = screen.getByRole('button', { name: 'Refuse' });
    const allow = screen.getByRole('button', { name: 'Allow' });
    const form = refuse.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/approve');
    expect(allow.closest('form')).toBe(form);
    expect(Object.fromEntries(new FormData(form, refuse))).toEqual({ approve: 'false' });
    expect(Object.fromEntries(new FormData(form, allow))).toEqual({ approve: 'true' });
    // "Not you?" sits with the account and posts with the same form: a sign-out without script.
    const notYou = screen.getByRole('button', { name: 'Not you? Log out' });
    expect((notYou as HTMLButtonElement).form).toBe(form);
    expect(Object.fromEntries(new FormData(form, notYou))).toEqual({ account: 'switch' });
  });

  it('says the request is over when no consent is under way in this browser', async () => {
    await signedInAs(stack(), 'partner@example.be');
    await renderScreen('/approve', routes);
    expect(
      await screen.findByRole('heading', { name: 'This request is no longer valid' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });
});
