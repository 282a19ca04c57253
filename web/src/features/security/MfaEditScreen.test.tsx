import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { grouped, renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import MfaEditScreen from './MfaEditScreen';

const stack = withRealStack();
const routes = [{ path: '/security/mfa-edit', element: <MfaEditScreen /> }];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('MFA methods', () => {
  it('makes a method the default one, in words apart from a contact\'s "primary"', async () => {
    await signedInAs(stack());
    await renderScreen('/security/mfa-edit', routes);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: `Make default: Text message (SMS) ${grouped('+32 470 00 00 01')}`,
      }),
    );
    expect(
      await screen.findByText('Text message (SMS) +32 470 00 00 01 is now your default method.'),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: 'Verification methods' });
    const sms = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(sms).toHaveTextContent('Text message (SMS)');
    expect(within(sms).getByText('Default')).toBeVisible();
    expect(within(list).queryByText('Primary')).toBeNull();
  });

  it('keeps the last e-mail or SMS method, saying why', async () => {
    await signedInAs(stack(), 'totp@example.be');
    await renderScreen('/security/mfa-edit', routes);
    const remove = await screen.findByRole('button', { name: 'Delete E-mail totp@example.be' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(
      'At least one e-mail or SMS verification method must remain.',
    );
  });
});
