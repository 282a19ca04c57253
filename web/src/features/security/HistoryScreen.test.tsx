import { signIn } from '@portal/gateway/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import HistoryScreen from './HistoryScreen';

const stack = withRealStack();
const routes = [
  { path: '/security/history', element: <HistoryScreen /> },
  { path: '/security/edit-password', element: <p>password change reached</p> },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** Whether the gateway still takes a session cookie (the user info answers). */
async function stillSignedIn(token: string) {
  const res = await stack().gateway.inject({
    url: '/api/user',
    headers: { host: '127.0.0.1', cookie: `access_token=${token}` },
  });
  return res.statusCode === 200;
}

describe('devices and security history', () => {
  it('groups the sessions of the same device and browser, this one first, and logs out the others of the group', async () => {
    const elsewhere = await signIn(stack(), 'employee@example.be', '127.0.0.1');
    await signedInAs(stack());
    await renderScreen('/security/history', routes);
    const user = userEvent.setup();

    const devices = await screen.findByRole('list', { name: 'Devices and sessions' });
    const [first] = await within(devices).findAllByRole('listitem');
    // Two sessions of the same browser: one row, marked as this device, saying how many.
    expect(within(devices).getAllByRole('listitem')).toHaveLength(1);
    expect(within(first as HTMLElement).getByText('This device')).toBeVisible();
    expect(within(first as HTMLElement).getByText(/2 sessions/)).toBeVisible();

    await user.click(
      within(first as HTMLElement).getByRole('button', { name: 'Log out the others' }),
    );
    const dialog = screen.getByRole('dialog', { name: /^Log out .+\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText(/^You have been logged out from /)).toBeVisible();
    expect(await stillSignedIn(elsewhere)).toBe(false);
  });

  it('lists the events newest first, in words, with where they came from', async () => {
    await signedInAs(stack());
    await renderScreen('/security/history', routes);
    const events = await screen.findByRole('list', { name: 'Security history' });
    const signIns = await within(events).findAllByText('Logged in');
    expect(signIns.length).toBeGreaterThan(0);
    const times = within(events)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')?.getAttribute('datetime') ?? '');
    expect(times).toEqual([...times].sort().reverse());
  });

  it('"this wasn\'t me" ends the other sessions and leads to a new password', async () => {
    const elsewhere = await signIn(stack(), 'employee@example.be', '127.0.0.1');
    await signedInAs(stack());
    await renderScreen('/security/history', routes);
    const user = userEvent.setup();
    const events = await screen.findByRole('list', { name: 'Security history' });
    const [first] = await within(events).findAllByRole('button', { name: "This wasn't me" });
    await user.click(first as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Secure your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out other devices' }));
    expect(await screen.findByText('password change reached')).toBeVisible();
    expect(await stillSignedIn(elsewhere)).toBe(false);
  });
});
