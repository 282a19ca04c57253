import { newDeviceCookie, signIn } from '@portal/gateway/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getConfig, setConfig } from '../../lib/config';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import EditPasswordScreen from './EditPasswordScreen';
import SecurityScreen from './SecurityScreen';

const stack = withRealStack();
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const routes = [
  { path: '/security/edit-password', element: <EditPasswordScreen /> },
  { path: '/security', element: <p>security reached</p> },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('change password', () => {
  it('says a breached password is refused next to the new password, then takes another', async () => {
    await signedInAs(stack());
    await renderScreen('/security/edit-password', routes);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current password'), 'Portal-Demo-2026!');
    const password = screen.getByLabelText('New password');
    await user.type(password, 'Password123!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Password123!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const message = await screen.findByText(/appears in known data breaches/);
    expect(message).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');

    await user.clear(password);
    await user.type(password, 'Quiet-Harbour-Lantern-77');
    expect(screen.queryByText(/appears in known data breaches/)).toBeNull();
    const repeat = screen.getByLabelText('Repeat the new password');
    await user.clear(repeat);
    await user.type(repeat, 'Quiet-Harbour-Lantern-77');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('security reached')).toBeVisible();
  }, 20_000);

  it('says the new password is the current one, next to the new password, not that the current one is wrong', async () => {
    await signedInAs(stack());
    await renderScreen('/security/edit-password', routes);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current password'), 'Portal-Demo-2026!');
    const password = screen.getByLabelText('New password');
    await user.type(password, 'Portal-Demo-2026!');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Portal-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const message = await screen.findByText(/same as your current one/);
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText('Your current password is incorrect.')).toBeNull();
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
  }, 20_000);

  it('says the other devices were signed out and lists them, on the security page', async () => {
    // Another browser of the same account (its own device cookie, a phone's user agent).
    await signIn({ ...stack(), deviceCookie: newDeviceCookie(), userAgent: ANDROID_UA });
    await signedInAs(stack());
    await renderScreen('/security/edit-password', [
      routes[0] as (typeof routes)[0],
      { path: '/security', element: <SecurityScreen /> },
    ]);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Current password'), 'Portal-Demo-2026!');
    await user.type(screen.getByLabelText('New password'), 'Quiet-Harbour-Lantern-77');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Quiet-Harbour-Lantern-77');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const status = await screen.findByRole('status');
    expect(
      await within(status).findByText(
        'Your other device was logged out. It needs the new password to log in again:',
      ),
    ).toBeVisible();
    expect(within(status).getByRole('listitem')).toHaveTextContent(/Android phone · Chrome/);
  }, 20_000);

  it("pauses after five wrong current passwords with the sign-in's message", async () => {
    await signedInAs(stack());
    await renderScreen('/security/edit-password', routes);
    const user = userEvent.setup({ delay: null });
    const current = await screen.findByLabelText('Current password');
    await user.type(screen.getByLabelText('New password'), 'Quiet-Harbour-Lantern-77');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Quiet-Harbour-Lantern-77');
    for (let i = 0; i < 5; i++) {
      await user.clear(current);
      await user.type(current, `Wrong-Password-${i}`);
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByText('Your current password is incorrect.')).toBeVisible();
    }
    await user.clear(current);
    await user.type(current, 'Portal-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // The sign-in's words for its lock, with the time the lock has left.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
    expect(screen.queryByText('security reached')).toBeNull();
  }, 30_000);

  it('asks for the security check before sending the current password, when the captcha is on', async () => {
    await signedInAs(stack());
    const config = getConfig();
    setConfig({ ...config, features: { ...config.features, captchaSiteKey: 'site-key' } });
    try {
      await renderScreen('/security/edit-password', routes);
      const user = userEvent.setup({ delay: null });
      await user.type(await screen.findByLabelText('Current password'), 'Wrong-Password-1');
      await user.type(screen.getByLabelText('New password'), 'Quiet-Harbour-Lantern-77');
      await user.type(screen.getByLabelText('Repeat the new password'), 'Quiet-Harbour-Lantern-77');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(
        await screen.findByText('The security check has not loaded yet. Please wait a moment.'),
      ).toBeVisible();
      // Nothing reached the account API: no wrong password was counted.
      const failures = stack().be.store.history.filter((e) => e.kind === 'login_failed');
      expect(failures).toEqual([]);
    } finally {
      setConfig(config);
    }
  }, 20_000);
});
