import { standInBuild } from '@portal/gateway/test-helpers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { SsoBetaInvite } from '../../components/SsoBetaInvite';
import { api } from '../../lib/api';
import { deviceId } from '../../lib/device';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import LinkExistingScreen from './LinkExistingScreen';
import LinkSuccessScreen from './LinkSuccessScreen';
import NoAccountScreen from './NoAccountScreen';
import PartnerScreen from './PartnerScreen';
import RequestAccessScreen from './RequestAccessScreen';
import SsoCallbackScreen from './SsoCallbackScreen';

// The app's page, for the provider's way back the gateway answers (a navigation).
const stack = withRealStack({ config: { WEB_DIST: standInBuild('sso-web') } });
const HOST = '127.0.0.1';

const routes = [
  { path: '/partner', element: <PartnerScreen /> },
  { path: '/partner/request-access', element: <RequestAccessScreen /> },
  { path: '/partner/no-account', element: <NoAccountScreen /> },
  { path: '/partner/link-existing', element: <LinkExistingScreen /> },
  { path: '/partner/link-success', element: <LinkSuccessScreen /> },
  { path: '/sso/:provider/login/callback', element: <SsoCallbackScreen /> },
  { path: '/onboarding', element: <p>onboarding reached</p> },
  { path: '/user/dashboard', element: <p>dashboard reached</p> },
  { path: '/user/access', element: <p>access reached</p> },
  { path: '/mfa', element: <p>second factor asked</p> },
];

beforeEach(async () => {
  sessionStorage.clear();
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/**
 * Starts an identity-provider login through the gateway, as the beta modal
 * does, and follows the mock provider back: the navigation to the callback
 * address, which the gateway answers with the page to go to (its address is
 * returned), and the page's fetch carrying the login's flow cookie, as a
 * browser would.
 */
async function providerCallback(loginHint: string): Promise<string> {
  stack().deviceId = deviceId();
  const res = await stack().gateway.inject({
    method: 'GET',
    url: `/api/sso/microsoft/login?login_hint=${encodeURIComponent(loginHint)}`,
    headers: { host: HOST, 'x-device-id': stack().deviceId },
  });
  const state = res.cookies.find((c) => c.name === 'sso_state')?.value;
  // The login's flow (its target, then the link offer) rides on the flow cookie.
  let flow = res.cookies.find((c) => c.name === 'flow')?.value;
  if (res.statusCode !== 200 || !state || !flow) throw new Error(`no SSO start: ${res.body}`);
  const back = new URL(res.json().redirect);
  const answered = await stack().gateway.inject({
    url: back.pathname + back.search,
    headers: { host: HOST, cookie: `sso_state=${state}; flow=${flow}` },
  });
  const next = answered.headers.location;
  if (answered.statusCode !== 303 || typeof next !== 'string') {
    throw new Error(`the way back went nowhere: ${answered.statusCode}`);
  }
  const inner = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', `flow=${flow}`);
    const answer = await inner(input, { ...init, headers });
    // A journey the gateway starts (the sign-in's second factor) replaces it, as in a jar.
    for (const line of answer.headers.getSetCookie()) {
      const fresh = /^flow=([^;]+)/.exec(line)?.[1];
      if (fresh) flow = fresh;
    }
    return answer;
  };
  onTestFinished(() => {
    globalThis.fetch = inner;
  });
  return next;
}

describe('identity-provider callback', () => {
  it('offers to link the existing account of the identity, naming the company', async () => {
    const user = userEvent.setup();
    await renderScreen(await providerCallback('sso@acme.example'), routes);
    expect(await screen.findByRole('heading', { name: 'Link your account' })).toBeVisible();
    expect(screen.getByText(/to your Acme workplace login sso@acme\.example/)).toBeVisible();
    expect(screen.getByLabelText('E-mail address or phone number')).toHaveValue('sso@acme.example');
    // Left empty: that field alone is marked, and described by the message.
    await user.clear(screen.getByLabelText('E-mail address or phone number'));
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Link my account' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    const username = screen.getByLabelText('E-mail address or phone number');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(screen.getByRole('alert').textContent ?? '');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');

    // Wrong credentials, as at sign-in: which of the two was wrong is not said; the
    // password is emptied for the next try, described by the message.
    await user.type(username, 'sso@acme.example');
    await user.click(screen.getByRole('button', { name: 'Link my account' }));
    const wrong = 'The e-mail address, phone number or password is incorrect.';
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(wrong);
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it("asks for the account's second factor after the right password, linking nothing yet", async () => {
    const user = userEvent.setup();
    await renderScreen(await providerCallback('sso@acme.example'), routes);
    await user.type(await screen.findByLabelText('Password'), 'Portal-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Link my account' }));
    expect(await screen.findByText('second factor asked')).toBeVisible();
    // The sign-in's flow takes over (the primary method's code sent), and comes back to
    // link-success once the code is right.
    const flow = await api.signIn.readSignIn();
    expect(flow.status).toBe(200);
    expect(flow.body).toMatchObject({
      step: 'code',
      target: '/partner/link-success',
      check: { method: 'email' },
    });
    const account = stack().be.store.accounts;
    expect(
      [...account.values()].find((a) => a.email[0]?.value === 'sso@acme.example')?.sso_email,
    ).toBeNull();
  });

  it('offers the options when no account matches the identity', async () => {
    await renderScreen(await providerCallback('new.user@acme.example'), routes);
    expect(await screen.findByRole('heading', { name: 'No account found' })).toBeVisible();
    expect(await screen.findByText(/no account for new\.user@acme\.example yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Activate my card/ })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.getByRole('link', { name: /Become a customer/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    );
    expect(screen.getByRole('link', { name: /Link an account/ })).toHaveAttribute(
      'href',
      '/partner/link-existing',
    );
    // The offer is the login's flow on the gateway; the browser keeps none of it.
    const offer = await api.partner.ssoOffer();
    expect(offer.body).toEqual({
      provider: 'microsoft',
      status: 'no_account',
      email: 'new.user@acme.example',
      company: 'Acme',
    });
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('says on the way back the gateway refused that the login did not work, with the way to log in', async () => {
    // The gateway answers the provider's way back itself; this page is its refusal (400).
    await renderScreen('/sso/microsoft/login/callback?code=spent&state=someone-elses', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The log in with your workplace account did not work. Please try again.',
    );
    expect(screen.getByRole('link', { name: /log in/i })).toHaveAttribute('href', '/login/email');
  });

  it('link-existing without a workplace login sends the user to log in with it first', async () => {
    await renderScreen('/partner/link-existing', routes);
    expect(await screen.findByText(/first log in with your workplace account/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Link my account' })).not.toBeInTheDocument();
  });
});

describe('link success', () => {
  it('moves on after 3 seconds to the target the gateway allows', async () => {
    await renderScreen('/partner/link-success?target=%2Fuser%2Faccess', routes);
    expect(await screen.findByRole('heading', { name: 'Your account is linked' })).toBeVisible();
    expect(screen.queryByText('access reached')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('access reached')).toBeInTheDocument(), {
      timeout: 4500,
    });
  });

  it.each(['https://evil.example/steal', '/.//127.0.0.1:3399/x'])(
    'never leaves for %j, refused by the gateway: the dashboard instead',
    async (target) => {
      await renderScreen(`/partner/link-success?${new URLSearchParams({ target })}`, routes);
      await waitFor(() => expect(screen.getByText('dashboard reached')).toBeInTheDocument(), {
        timeout: 4500,
      });
    },
  );
});

describe('beta invitation', () => {
  it('invites to the workplace login naming the company, and says what it asks the first time', async () => {
    const user = userEvent.setup();
    let password = 0;
    let closed = 0;
    await renderScreen('/', [
      {
        path: '/',
        element: (
          <SsoBetaInvite
            workplace={{ login: 'someone@acme.example', company: 'Acme', provider: 'microsoft' }}
            target="/user/access"
            onPassword={() => password++}
            onClose={() => closed++}
          />
        ),
      },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Log in with your Acme account' });
    expect(dialog).toHaveTextContent(
      'Acme takes part in our beta programme: you can log in with the account you use at work. The first time, you link the two once, with the password of your account here and a verification code; after that, your work account is all you need.',
    );
    expect(screen.getByRole('button', { name: 'Log in with Microsoft' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue with my password' }));
    expect(password).toBe(1);
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
  });
});

describe('access required', () => {
  it('sends the access request for the chosen site and confirms it', async () => {
    await signedInAs(stack(), 'employee@example.be');
    const user = userEvent.setup();
    await renderScreen('/partner', routes);
    expect(await screen.findByRole('heading', { name: 'Access required' })).toBeVisible();
    await user.click(screen.getByLabelText(/Administration/));
    await user.type(screen.getByLabelText('Message for the administrator (optional)'), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(
      await screen.findByRole('heading', { name: 'Your access request was sent' }),
    ).toBeVisible();
    expect(stack().be.store.accessRequests).toHaveLength(1);
  });

  it('tells a user who already has partner access', async () => {
    await signedInAs(stack(), 'partner@example.be');
    const user = userEvent.setup();
    await renderScreen('/partner', routes);
    await user.click(await screen.findByRole('button', { name: 'Request access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have access to the partner area.',
    );
  });

  it('shows the spec message when the request cannot be sent', async () => {
    await signedInAs(stack(), 'employee@example.be');
    const user = userEvent.setup();
    await renderScreen('/partner', routes);
    await screen.findByRole('heading', { name: 'Access required' });
    await stack().be.app.close();
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not send your access request. Please try again later.',
    );
  });
});
