import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import SuccessScreen from './SuccessScreen';

const stack = withRealStack();

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const routes = [{ path: '/setup-mfa/success', element: <SuccessScreen /> }];

describe('/setup-mfa/success: Continue leads where the gateway checked the redirect to lead', () => {
  it('to the page the setup interrupted', async () => {
    await renderScreen(
      `/setup-mfa/success?redirect=${encodeURIComponent('/a/../user/access?tab=1')}`,
      routes,
    );
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/user/access?tab=1',
    );
  });

  it("to a partner's authorise request, as a real navigation to the gateway's URL", async () => {
    const authorize = '/authorize?client_id=101&state=s';
    await renderScreen(`/setup-mfa/success?redirect=${encodeURIComponent(authorize)}`, routes);
    const link = await screen.findByRole('link', { name: 'Continue' });
    expect(link.getAttribute('href')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/authorize\?client_id=101&state=s$/,
    );
  });

  it.each([
    '/.//127.0.0.1:3399/x',
    '/%2e//127.0.0.1:3399/x',
    '/a/..//127.0.0.1:3399/x',
    '//127.0.0.1:3399/x',
    'javascript:alert(1)',
  ])('nowhere for %j: no Continue, never a link to another host', async (target) => {
    await renderScreen(`/setup-mfa/success?redirect=${encodeURIComponent(target)}`, routes);
    // The ways on are drawn once the gateway answered; it refused Continue's target.
    expect(await screen.findByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
    expect(document.querySelector('a[href*="127.0.0.1:3399"], a[href^="javascript"]')).toBeNull();
  });
});

describe('/setup-totp/success says what is true of the new app', () => {
  const totpRoutes = [{ path: '/setup-totp/success', element: <SuccessScreen totp /> }];

  it('asked first at login when it is the default method', async () => {
    await signedInAs(stack(), 'totp@example.be');
    await renderScreen('/setup-totp/success', totpRoutes);
    expect(
      await screen.findByText(
        'From now on you confirm new logins with a code from your app. Keep your recovery keys safe.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Use the app by default' })).toBeNull();
  });

  it('one more way in when another method stays the default, with the offer to change that', async () => {
    await signedInAs(stack(), 'totp@example.be');
    // The e-mail made the default: the app is now a backup, as when added beside it.
    const listed = await api.mfa.listMethods({ query: {} });
    const methods = listed.status === 200 ? listed.body : [];
    const email = methods.find((m) => m.method === 'email' && m.id > 0);
    if (!email) throw new Error('totp@example.be has an e-mail method');
    expect((await api.mfa.switchPrimary({ params: { id: email.id } })).status).toBe(200);

    await renderScreen('/setup-totp/success', totpRoutes);
    expect(
      await screen.findByText(
        'You can now confirm a login with a code from your app. E-mail totp@example.be stays your default method, the one asked first. Keep your recovery keys safe.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/From now on you confirm new logins/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Use the app by default' }));
    const said = await screen.findByText(
      'Your authenticator app is now your default method: it is asked first when you log in.',
    );
    // The button went with the switch: the cursor is on what it changed, not on the page.
    await waitFor(() => expect(said).toHaveFocus());
    const after = await api.mfa.listMethods({ query: {} });
    const app = (after.status === 200 ? after.body : []).find((m) => m.method === 'totp');
    expect(app?.primary).toBe(true);
  });
});
