import { signIn } from '@portal/gateway/test-helpers';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import HashLogin from './HashLogin';

const stack = withRealStack();

/** The page a first-party app links to: the hand-over while the hash carries a token. */
function Page() {
  const location = useLocation();
  return /token=/.test(location.hash) ? <HashLogin /> : <p>reached {location.pathname}</p>;
}

const routes = [
  { path: '/user/access', element: <Page /> },
  { path: '/login/email', element: <p>login page</p> },
];

/** A one-time hand-over token of `username`, as a first-party app mints it. */
async function handoverOf(username: string): Promise<string> {
  const appToken = await signIn(stack(), username);
  const res = await stack().be.app.inject({
    method: 'POST',
    url: '/token/handover',
    headers: { authorization: `Bearer ${appToken}` },
  });
  return res.json().token;
}

/** The bodies the page posted to the hand-over. */
function handOverPosts() {
  const spy = vi.spyOn(globalThis, 'fetch');
  onTestFinished(() => spy.mockRestore());
  return () =>
    spy.mock.calls
      .filter(([input]) => String(input).endsWith('/api/token/hash'))
      .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('the address-hash hand-over asks before any session changes', () => {
  it('names the incoming account to a signed-out visitor and signs in only on Continue', async () => {
    const token = await handoverOf('employee@example.be');
    const posts = handOverPosts();
    const left = vi.spyOn(leave, 'to').mockImplementation(() => {});
    onTestFinished(() => left.mockRestore());
    const user = userEvent.setup();
    await renderScreen(`/user/access#token=${token}&origin-app=mobile-app`, routes);
    expect(await screen.findByRole('heading', { name: 'Log in with this link?' })).toBeVisible();
    expect(
      screen.getByText('The link you opened logs you in as Emma (e•••e@example.be).'),
    ).toBeVisible();
    // Only asked so far: the token was read, not used.
    const asked = { token, 'origin-app': 'mobile-app', target: '/user/access' };
    expect(posts()).toEqual([asked]);
    await user.click(screen.getByRole('button', { name: 'Continue as Emma' }));
    // Signed in: the browser goes where the gateway decided (the page the link opened).
    await vi.waitFor(() => expect(left).toHaveBeenCalledWith('/user/access'));
    expect(posts()).toEqual([asked, { ...asked, confirmed: true }]);
  });

  it('leaves a visitor who stays logged out on the login page, the link unused', async () => {
    const token = await handoverOf('employee@example.be');
    const posts = handOverPosts();
    const user = userEvent.setup();
    await renderScreen(`/user/access#token=${token}`, routes);
    await user.click(await screen.findByRole('link', { name: 'Stay logged out' }));
    expect(await screen.findByText('login page')).toBeVisible();
    expect(posts()).toEqual([{ token, target: '/user/access' }]);
  });

  it('names both accounts to a browser signed in to another one', async () => {
    await signedInAs(stack(), 'customer@example.be');
    const token = await handoverOf('employee@example.be');
    await renderScreen(`/user/access#token=${token}`, routes);
    expect(
      await screen.findByRole('heading', { name: 'This link is for another account' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in as Emma' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Stay logged in as / })).toBeVisible();
  });
});
