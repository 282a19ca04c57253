import { signIn } from '@portal/gateway/test-helpers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import HistoryScreen from './HistoryScreen';

const stack = withRealStack();
const routes = [{ path: '/security/history', element: <HistoryScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});
afterEach(() => {
  vi.restoreAllMocks();
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

  it('"this wasn\'t me" locks the account after one confirmation: every session ends, this one too', async () => {
    const elsewhere = await signIn(stack(), 'employee@example.be', '127.0.0.1');
    const here = await signedInAs(stack());
    const left = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    await renderScreen('/security/history', routes);
    const user = userEvent.setup();
    const events = await screen.findByRole('list', { name: 'Security history' });
    const [first] = await within(events).findAllByRole('button', { name: "This wasn't me" });
    await user.click(first as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Lock your account?' });
    expect(within(dialog).getByText(/To log in again, you choose a new password\./)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Lock my account' }));
    await vi.waitFor(() => expect(left).toHaveBeenCalledWith('/lock-account/done'));
    expect(await stillSignedIn(elsewhere)).toBe(false);
    expect(await stillSignedIn(here)).toBe(false);
  });
});
