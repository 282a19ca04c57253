import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import CardScreen from './CardScreen';
import CodeScreen from './CodeScreen';
import ConfirmationScreen from './ConfirmationScreen';
import CreateScreen from './CreateScreen';
import EmailVerificationScreen from './EmailVerificationScreen';
import ExistingCardScreen from './ExistingCardScreen';
import PasswordScreen from './PasswordScreen';
import PhoneVerificationScreen from './PhoneVerificationScreen';

/*
 * The onboarding's pages with the script (docs/flows.md, "Onboarding"),
 * against the real gateway and mock account API: each step goes as JSON and
 * the page follows the gateway's `next`; the browser keeps nothing.
 */

const stack = withRealStack();
const PASSWORD = 'New-Account-2026!';
const DEVICE_KEY = 'device-id';

const routes = [
  { path: '/onboarding', element: <CardScreen /> },
  { path: '/onboarding/code', element: <CodeScreen /> },
  { path: '/onboarding/existingCard', element: <ExistingCardScreen /> },
  { path: '/onboarding/create', element: <CreateScreen /> },
  { path: '/onboarding/email-verification', element: <EmailVerificationScreen /> },
  { path: '/onboarding/phone-verification', element: <PhoneVerificationScreen /> },
  { path: '/onboarding/password', element: <PasswordScreen /> },
  { path: '/onboarding/confirmation', element: <ConfirmationScreen /> },
  { path: '/login/email', element: <p>sign-in page</p> },
];

function codeSentTo(to: string): string {
  const code = stack().be.store.outbox.findLast((m) => m.to === to)?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

let left: string[] = [];
beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  left = [];
  leave.to = (url) => {
    left.push(url);
  };
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** "Step N of 5 · <name>" over a bar at N of 5. */
function expectStep(step: number, name: string) {
  expect(screen.getByText(`Step ${step} of 5`).closest('p')).toHaveTextContent(
    `Step ${step} of 5 · ${name}`,
  );
  const bar = screen.getByRole('progressbar', { name: 'Account creation progress' });
  expect(bar).toHaveAttribute('value', String(step));
  expect(bar).toHaveAttribute('max', '5');
}

async function startWithCard(card: string) {
  const user = userEvent.setup();
  await renderScreen('/onboarding', routes);
  await user.type(await screen.findByLabelText('Card number'), card);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('the first step', () => {
  it('groups the card number in fours as it is typed, and lists the steps the bar counts', async () => {
    const user = userEvent.setup();
    await renderScreen('/onboarding', routes);
    const field = await screen.findByLabelText('Card number');
    await user.type(field, '5065000000000001');
    expect(field).toHaveValue('5065 0000 0000 0001');
    expectStep(1, 'Your card');
    expect(
      screen.getByText('Creating your account takes a few minutes, in 5 steps:'),
    ).toBeVisible();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Your card',
      'Your details',
      'Your e-mail address',
      'Your mobile number',
      'Your password',
    ]);
  });

  it('refuses a number the provider does not know at the field', async () => {
    await startWithCard('5065999999999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a card that already has an account to sign in, naming the account masked', async () => {
    await startWithCard('5065 0000 0000 0003');
    expect(
      await screen.findByRole('heading', { name: 'This card already has an account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The card belongs to the account e•••e@example\.be/)).toBeVisible();
  });

  it('refuses an unknown invitation code', async () => {
    const user = userEvent.setup();
    await renderScreen('/onboarding/code', routes);
    await user.type(await screen.findByLabelText('Invitation code'), 'NOT-A-CODE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is invalid.');
  });
});

describe('a whole onboarding by card', () => {
  it('creates the account in five steps, the codes sending themselves, Back on the way, nothing stored', async () => {
    const user = await startWithCard('5065000000000001');

    // Your details: the names and the terms on one step.
    expect(await screen.findByRole('heading', { name: 'What is your name?' })).toBeVisible();
    expectStep(2, 'Your details');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('First name'), 'Nina');
    await user.type(screen.getByLabelText('Family name'), 'Nieuw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Terms and privacy must be accepted to use the card.')).toBeVisible();
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { name: 'Confirm your e-mail address' }),
    ).toBeVisible();
    expectStep(3, 'Your e-mail address');
    // Back: the details as given, then on again.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Nina');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await user.type(await screen.findByLabelText('E-mail address'), 'nina.nieuw@example.be');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(
      await screen.findByText('We sent an 8-digit code to nina.nieuw@example.be. Enter it below.'),
    ).toBeVisible();
    // A complete code sends itself.
    await user.type(
      screen.getByLabelText('Verification code'),
      codeSentTo('nina.nieuw@example.be'),
    );

    expect(
      await screen.findByRole('heading', { name: 'Confirm your mobile phone number' }),
    ).toBeVisible();
    expectStep(4, 'Your mobile number');
    await user.type(screen.getByLabelText('Mobile phone number'), '0470 98 76 54');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText(/by text message to/);
    await user.type(screen.getByLabelText('Verification code'), codeSentTo('+32470987654'));

    // The password step says where the codes of the new account go.
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeVisible();
    expectStep(5, 'Your password');
    const where = screen.getByRole('list', { name: 'Where your codes go' });
    expect(where).toHaveTextContent('nina.nieuw@example.be');
    await user.type(screen.getByLabelText('New password', { exact: true }), PASSWORD);
    await user.type(screen.getByLabelText('Repeat the new password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('heading', { name: 'Your card is activated' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Go to my account' }));
    await waitFor(() => expect(left).toEqual(['/user/dashboard']));
    // The browser kept nothing of the journey: its storage holds the device id only.
    expect(sessionStorage.length).toBe(0);
    expect(Object.keys(localStorage)).toEqual([DEVICE_KEY]);
  });
});
