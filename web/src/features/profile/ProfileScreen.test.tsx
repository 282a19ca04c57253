import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../components/Toasts';
import { grouped, renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import NotificationsScreen from './NotificationsScreen';
import ProfileScreen from './ProfileScreen';

const stack = withRealStack();
// The confirmations are toasts, shown by the account layout's region.
const routes = [
  {
    path: '/profile',
    element: (
      <>
        <ProfileScreen />
        <Toasts />
      </>
    ),
  },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

async function openIbanForm() {
  await renderScreen('/profile', routes);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change IBAN' }));
  const iban = screen.getByLabelText('IBAN');
  await user.clear(iban);
  return { user, iban };
}

describe('profile: banking information', () => {
  it('names the 47 IBAN countries in the current language', async () => {
    await signedInAs(stack());
    const { user } = await openIbanForm();
    await user.click(screen.getByRole('button', { name: /Country/ }));
    const options = within(screen.getByRole('listbox', { name: /Country/ })).getAllByRole('option');
    expect(options).toHaveLength(47);
    expect(options.map((o) => o.textContent)).toContain('Belgium');
    expect(options.map((o) => o.textContent)).toContain('Luxembourg');
  });

  it('refuses a bad IBAN with the spec message and keeps the old one', async () => {
    await signedInAs(stack());
    const { user, iban } = await openIbanForm();
    await user.type(iban, 'BE00 0000 0000 0001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The provided IBAN is invalid.');
    expect(iban).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves a good IBAN and says so', async () => {
    await signedInAs(stack());
    const { user, iban } = await openIbanForm();
    await user.type(iban, 'BE71 0961 2345 6769');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your IBAN has been updated successfully.')).toBeInTheDocument();
    expect(await screen.findByText('BE71 0961 2345 6769')).toBeInTheDocument();
  });

  it('asks for a fresh code in place when the MFA check is old, then saves what was typed', async () => {
    await signedInAs(stack());
    // The MFA of the sign-in no longer counts as recent.
    stack().be.store.clock.advance(20 * 60_000);
    const { user, iban } = await openIbanForm();
    await user.type(iban, 'BE71 0961 2345 6769');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await within(dialog).findByText(/We sent a code to/);
    // What the user typed is still there behind the dialog.
    expect(iban).toHaveValue('BE71 0961 2345 6769');
    const code = stack().be.store.outbox.findLast((m) => m.to === 'employee@example.be')?.code;
    await user.type(within(dialog).getByLabelText('Verification code'), code ?? '');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and continue' }));

    expect(await screen.findByText('Your IBAN has been updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('BE71 0961 2345 6769')).toBeInTheDocument();
  });
});

describe('profile: contact information', () => {
  it('shows phone numbers grouped as their country writes them, e-mails as they are', async () => {
    await signedInAs(stack());
    await renderScreen('/profile', routes);
    const contact = await screen.findByRole('region', { name: 'Contact information' });
    // Grouped, with no-break spaces: a number never breaks across two lines.
    const phone = await within(contact).findByText('+32 470 00 00 01');
    expect(phone.firstChild?.textContent).toBe(grouped('+32 470 00 00 01'));
    expect(within(contact).getByText('employee@example.be')).toBeVisible();
  });
});

describe('notifications', () => {
  it('is a page of its own with where alerts go, and the old profile section link leads to it', async () => {
    await signedInAs(stack());
    await renderScreen('/profile#notifications', [
      ...routes,
      { path: '/user/notifications', element: <NotificationsScreen /> },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const where = screen.getByRole('region', { name: 'Where they go' });
    expect(within(where).getByText('+32 470 00 00 01')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Security alerts' })).toBeVisible();
  });
});
