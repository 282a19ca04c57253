import { findAccountByLogin } from '@portal/mock-upstream';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../components/Toasts';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import AccessScreen from './AccessScreen';

const stack = withRealStack();
// The confirmations are toasts, shown by the account layout's region.
const routes = [
  {
    path: '/user/access',
    element: (
      <>
        <AccessScreen />
        <Toasts />
      </>
    ),
  },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** Partner Shop (client 101) was allowed in earlier by this user. */
function grantPartnerShop(login: string) {
  const { store } = stack().be;
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no ${login}`);
  store.grants.push({
    accountId: account.id,
    clientId: 101,
    scopes: ['user', 'balance'],
    createdAt: store.clock.now(),
  });
}

describe('access of third-party apps', () => {
  it('lists each app with its translated scopes and revokes it after confirmation', async () => {
    grantPartnerShop('partner@example.be');
    await signedInAs(stack(), 'partner@example.be');
    await renderScreen('/user/access', routes);
    const user = userEvent.setup();

    const app = await screen.findByRole('listitem', { name: 'Partner Shop' });
    expect(
      within(app).getByText('Can: See your name and contact details, See your balances'),
    ).toBeVisible();
    // When it was allowed, day first (the page's locale with the variant's country).
    const today = new Intl.DateTimeFormat('en-BE', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(stack().be.store.clock.now()),
    );
    expect(within(app).getByText(`Allowed on ${today} · not used yet`)).toBeVisible();

    await user.click(within(app).getByRole('button', { name: 'Revoke access for Partner Shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke access for Partner Shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Access for Partner Shop has been revoked.')).toBeVisible();
    expect(await screen.findByText('No app has access to your account.')).toBeVisible();
  });

  it('keeps the app when the user changes their mind', async () => {
    grantPartnerShop('partner@example.be');
    await signedInAs(stack(), 'partner@example.be');
    await renderScreen('/user/access', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke access for Partner Shop' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Partner Shop' })).toBeVisible();
  });
});
