import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { grouped, renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import DashboardScreen from './DashboardScreen';

const stack = withRealStack();
const routes = [
  { path: '/user/dashboard', element: <DashboardScreen /> },
  { path: '/security', element: <p>security reached</p> },
  { path: '/security/mfa-edit', element: <p>methods reached</p> },
  { path: '/security/edit-recovery', element: <p>recovery keys reached</p> },
  { path: '/security/edit-password', element: <p>password reached</p> },
  { path: '/profile/edit-credentials', element: <p>contacts reached</p> },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const accountOf = (email: string) => {
  const account = [...stack().be.store.accounts.values()].find((a) =>
    a.email.some((e) => e.value === email),
  );
  if (!account) throw new Error(`no demo account ${email}`);
  return account;
};

const checkup = async () => within(await screen.findByRole('region', { name: 'Security checkup' }));

describe('the dashboard security checkup', () => {
  it('says the account is protected when two-step verification is on and all is confirmed', async () => {
    await signedInAs(stack(), 'employee@example.be');
    await renderScreen('/user/dashboard', routes);
    const panel = await checkup();
    expect(await panel.findByText('Your account is protected')).toBeVisible();
    expect(panel.queryByRole('list')).not.toBeInTheDocument();
    await userEvent.setup().click(panel.getByRole('link', { name: 'See all security settings' }));
    expect(await screen.findByText('security reached')).toBeVisible();
  });

  it('asks a user without two-step verification to turn it on, and leads there', async () => {
    await signedInAs(stack(), 'customer@example.be');
    await renderScreen('/user/dashboard', routes);
    const panel = await checkup();
    expect(await panel.findByText('1 recommendation to keep your account safe')).toBeVisible();
    expect(panel.getByText('Turn on two-step verification')).toBeVisible();
    expect(panel.queryByText('Your account is protected')).not.toBeInTheDocument();
    await userEvent.setup().click(panel.getByRole('link', { name: 'Turn on' }));
    expect(await screen.findByText('methods reached')).toBeVisible();
  });

  it('lists every recommendation: used-up recovery keys, an unconfirmed phone, an old password', async () => {
    const account = accountOf('totp@example.be');
    account.last_password_change = '2024-03-01T09:00:00.000Z';
    account.phone.push({
      id: 9999,
      value: '+32470999999',
      default: false,
      verified: false,
      mfa: false,
    });
    for (const key of stack().be.store.recoveryKeys) {
      if (key.accountId === account.id) key.used_at = Date.now();
    }
    await signedInAs(stack(), 'totp@example.be');
    await renderScreen('/user/dashboard', routes);
    const panel = await checkup();
    expect(await panel.findByText('3 recommendations to keep your account safe')).toBeVisible();
    // The number as people write it, once libphonenumber's rules have loaded.
    await panel.findByText('Confirm your phone number +32 470 99 99 99');
    const items = panel.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      expect.stringContaining('No recovery keys left'),
      expect.stringContaining(`Confirm your phone number ${grouped('+32 470 99 99 99')}`),
      expect.stringContaining('It has not changed since 1 March 2024.'),
    ]);
    await userEvent.setup().click(panel.getByRole('link', { name: 'Create new keys' }));
    expect(await screen.findByText('recovery keys reached')).toBeVisible();
  });
});
