import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { grouped, renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import EditCredentialsScreen from './EditCredentialsScreen';

const stack = withRealStack();
const routes = [
  { path: '/profile/edit-credentials', element: <EditCredentialsScreen /> },
  { path: '/security', element: <p>security reached</p> },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const section = (name: string) => screen.getByRole('region', { name });

describe('e-mail addresses and phone numbers', () => {
  it('keeps the last phone number from being deleted, and says why', async () => {
    await signedInAs(stack());
    await renderScreen('/profile/edit-credentials', routes);
    const phones = await screen.findByRole('region', { name: 'Phone numbers' });
    const remove = await within(phones).findByRole('button', {
      name: `Delete ${grouped('+32 470 00 00 01')}`,
    });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription('At least one phone number must remain.');
    await userEvent.setup().click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says when an address is already the user's own (another account's is answered as a free one)", async () => {
    await signedInAs(stack());
    await renderScreen('/profile/edit-credentials', routes);
    const user = userEvent.setup();
    const emails = await screen.findByRole('region', { name: 'E-mail addresses' });
    await user.type(within(emails).getByLabelText('New e-mail address'), 'Employee@example.be');
    await user.click(within(emails).getByRole('button', { name: 'Send a code' }));
    expect(await within(emails).findByRole('alert')).toHaveTextContent(
      'This email is already in use. Please use another one.',
    );
  });

  it('refuses an invalid phone number with the profile message', async () => {
    await signedInAs(stack());
    await renderScreen('/profile/edit-credentials', routes);
    const user = userEvent.setup();
    const phones = await screen.findByRole('region', { name: 'Phone numbers' });
    await user.type(within(phones).getByLabelText('New phone number'), '12');
    await user.click(within(phones).getByRole('button', { name: 'Send a code' }));
    expect(await within(phones).findByRole('alert')).toHaveTextContent(
      'This phone number is invalid or already used.',
    );
  });

  it('says how to type a number from another country, and takes one', async () => {
    await signedInAs(stack());
    await renderScreen('/profile/edit-credentials', routes);
    const user = userEvent.setup();
    const phones = await screen.findByRole('region', { name: 'Phone numbers' });
    const field = within(phones).getByLabelText('New phone number');
    expect(field).toHaveAccessibleDescription(
      'For example 0470 12 34 56. A number from another country starts with its country code, like +33 6 12 34 56 78.',
    );
    await user.type(field, '+33 6 12 34 56 78');
    await user.click(within(phones).getByRole('button', { name: 'Send a code' }));
    await within(phones).findByText(/We sent an 8-digit code to \+33 6 12 34 56 78/);
    expect(stack().be.store.outbox.findLast((m) => m.to === '+33612345678')).toBeDefined();
  });

  it('adds a phone number, verifies it with the texted code and lets it become primary', async () => {
    await signedInAs(stack());
    await renderScreen('/profile/edit-credentials', routes);
    const user = userEvent.setup();
    const phones = await screen.findByRole('region', { name: 'Phone numbers' });
    await user.type(within(phones).getByLabelText('New phone number'), '0470 12 34 56');
    await user.click(within(phones).getByRole('button', { name: 'Send a code' }));
    await within(phones).findByText(/We sent an 8-digit code to \+32 470 12 34 56/);
    const code = stack().be.store.outbox.findLast((m) => m.to === '+32470123456')?.code ?? '';
    await user.type(within(phones).getByLabelText('Verification code'), code);
    await user.click(within(phones).getByRole('button', { name: 'Confirm' }));
    expect(await within(phones).findByText('Your phone number has been verified.')).toBeVisible();
    await user.click(
      await within(phones).findByRole('button', {
        name: `Make primary: ${grouped('+32 470 12 34 56')}`,
      }),
    );
    expect(
      await within(section('Phone numbers')).findByText(
        'Your primary phone number has been changed.',
      ),
    ).toBeVisible();
    const first = within(section('Phone numbers')).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('+32 470 12 34 56');
    expect(first).toHaveTextContent('Primary');
  });
});
