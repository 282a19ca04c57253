import { newDeviceCookie, signIn } from '@portal/gateway/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
        'Your other device was signed out. It needs the new password to log in again:',
      ),
    ).toBeVisible();
    expect(within(status).getByRole('listitem')).toHaveTextContent(/Android phone · Chrome/);
  }, 20_000);
});
