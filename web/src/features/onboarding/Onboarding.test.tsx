import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { signInHint } from '../../lib/flow-state';
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
import TermsScreen from './TermsScreen';
import TwoStepScreen from './TwoStepScreen';
import WelcomeScreen from './WelcomeScreen';

const stack = withRealStack();
const PASSWORD = 'New-Account-2026!';

const routes = [
  { path: '/onboarding', element: <p>onboarding start</p> },
  { path: '/onboarding/card', element: <CardScreen /> },
  { path: '/onboarding/code', element: <CodeScreen /> },
  { path: '/onboarding/existingCard', element: <ExistingCardScreen /> },
  { path: '/onboarding/welcome', element: <WelcomeScreen /> },
  { path: '/onboarding/terms-conditions', element: <TermsScreen /> },
  { path: '/onboarding/create', element: <CreateScreen /> },
  { path: '/onboarding/email-verification', element: <EmailVerificationScreen /> },
  { path: '/onboarding/phone-verification', element: <PhoneVerificationScreen /> },
  { path: '/onboarding-mfa', element: <TwoStepScreen /> },
  { path: '/onboarding/password', element: <PasswordScreen /> },
  { path: '/onboarding/confirmation', element: <ConfirmationScreen /> },
  { path: '/user/dashboard', element: <p>dashboard reached</p> },
  { path: '/login/email', element: <p>sign-in page</p> },
];

/** The newest code the Belgian mock sent to `to`. */
function codeSentTo(to: string): string {
  const code = stack().be.store.outbox.findLast((m) => m.to === to)?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

beforeEach(async () => {
  sessionStorage.clear();
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** The stepper's text and bar: "Step N of 7 · <name>", the bar at N of 7. */
function expectStep(step: number, name: string) {
  expect(screen.getByText(`Step ${step} of 7`).closest('p')).toHaveTextContent(
    `Step ${step} of 7 · ${name}`,
  );
  const bar = screen.getByRole('progressbar', { name: 'Account creation progress' });
  expect(bar).toHaveAttribute('value', String(step));
  expect(bar).toHaveAttribute('max', '7');
}

async function startWithCard(card: string) {
  const user = userEvent.setup();
  await renderScreen('/onboarding/card', routes);
  await user.type(await screen.findByLabelText('Card number'), card);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('card number', () => {
  it('refuses a number that is not 16 digits starting with 5065, before asking the server', async () => {
    await startWithCard('4065 0000 0000 0001');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the same of a well-formed number the provider does not know', async () => {
    await startWithCard('5065999999999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
  });

  it('sends a card that already has an account to sign in, naming the account masked', async () => {
    await startWithCard('5065 0000 0000 0003');
    expect(
      await screen.findByRole('heading', { name: 'This card already has an account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The card belongs to the account e•••e@example\.be/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/email');
  });
});

describe('invitation code', () => {
  it('accepts WELCOME2026 (typed in lower case) and welcomes the invitation', async () => {
    const user = userEvent.setup();
    await renderScreen('/onboarding/code', routes);
    await user.type(await screen.findByLabelText('Invitation code'), 'welcome2026');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We recognised your invitation code.')).toBeVisible();
  });

  it('refuses an unknown code', async () => {
    const user = userEvent.setup();
    await renderScreen('/onboarding/code', routes);
    await user.type(await screen.findByLabelText('Invitation code'), 'NOT-A-CODE');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is invalid.');
  });
});

describe('a whole onboarding by card', () => {
  it('creates the account step by step and confirms the card is activated', async () => {
    const user = await startWithCard('5065000000000001');

    await user.click(await screen.findByRole('link', { name: 'Get started' }));

    // Terms and privacy are required; the marketing question is not.
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expectStep(2, 'Terms and privacy');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Terms and privacy must be accepted to use the card.',
    );
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByLabelText('No, thank you'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The names are asked before anything is confirmed; each missing one under its field.
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('What is your name?');
    expectStep(3, 'Your details');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Please fill in this field.',
    );
    await user.type(screen.getByLabelText('First name'), 'Nina');
    await user.type(screen.getByLabelText('Family name'), 'Nieuw');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // A personal address is recommended and chosen to begin with; the card's, masked, is offered.
    expect(await screen.findByLabelText(/Use a personal e-mail address/)).toBeChecked();
    expect(screen.getByLabelText(/Use a personal e-mail address/)).toHaveAccessibleName(
      /Recommended/,
    );
    expect(screen.getByLabelText(/Keep n•••e@example\.be/)).not.toBeChecked();
    expectStep(4, 'Your e-mail address');
    await user.type(screen.getByLabelText('E-mail address'), 'employee@example.be');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    // Another account's address is answered as a free one (its owner gets a message
    // instead of the code): the screen says what a missing code may mean, for any address.
    expect(
      await screen.findByText(/We sent an 8-digit code to employee@example\.be/),
    ).toBeVisible();
    expect(
      screen.getByText(/If this address already has an account, we sent its owner a message/),
    ).toBeVisible();
    // The address may be the person's own: log in (with it filled in) or reset the password.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/email');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
      'href',
      '/forgot-password/email',
    );
    expect(stack().be.store.outbox.findLast((m) => m.to === 'employee@example.be')?.code).toBe('');
    await user.click(screen.getByRole('button', { name: 'Use another e-mail address' }));
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'nina.new@example.be');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    // The address just typed, in full: the person knows it (docs/journeys-signin.md).
    expect(
      await screen.findByText(/We sent an 8-digit code to nina\.new@example\.be/),
    ).toBeVisible();

    // A wrong code is refused under the field; the right one moves on.
    const right = codeSentTo('nina.new@example.be');
    const wrong = right === '00000000' ? '11111111' : '00000000';
    await user.type(screen.getByLabelText('Verification code'), wrong);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is invalid.');
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Verification code'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), right);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // The phone in national form, read as Belgian.
    await user.type(await screen.findByLabelText('Mobile phone number'), '0470 99 88 77');
    expectStep(5, 'Your mobile number');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/We sent an 8-digit code by text message/)).toBeVisible();
    await user.type(screen.getByLabelText('Verification code'), codeSentTo('+32470998877'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // Two-step verification: codes will go to the e-mail and phone just confirmed, named
    // in full as the person typed them (not masked back at them).
    const where = await screen.findByRole('list', { name: 'Where your codes go' });
    expect(where).toHaveTextContent(/By e-mailMain methodnina\.new@example\.be/);
    expect(where).toHaveTextContent(/By text messageBackup\+32\s470\s99\s88\s77/);
    expectStep(6, 'Two-step verification');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The address typed, in full, is the form's username for password managers.
    await user.type(await screen.findByLabelText('New password'), PASSWORD);
    expectStep(7, 'Your password');
    const form = screen.getByRole('button', { name: 'Create my account' }).closest('form');
    const username = form?.querySelector('input[autocomplete="username"]');
    expect(username).toHaveValue('nina.new@example.be');
    expect(username).not.toBeVisible();
    await user.type(screen.getByLabelText('Repeat the new password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('heading', { name: 'Your card is activated' })).toBeVisible();
    const account = [...stack().be.store.accounts.values()].find((a) =>
      a.email.some((e) => e.value === 'nina.new@example.be'),
    );
    expect(account?.phone.map((p) => p.value)).toEqual(['+32470998877']);
    expect([account?.firstname, account?.lastname]).toEqual(['Nina', 'Nieuw']);
    expect(stack().be.store.cards.get('5065000000000001')?.accountId).toBe(account?.id);

    await user.click(screen.getByRole('button', { name: 'Go to my account' }));
    expect(await screen.findByText('dashboard reached')).toBeVisible();
  });

  it('refuses a phone number that is not one', async () => {
    const user = await startWithCard('5065000000000001');
    await user.click(await screen.findByRole('link', { name: 'Get started' }));
    await user.click(await screen.findByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('First name'), 'Noah');
    await user.type(screen.getByLabelText('Family name'), 'Nieuw');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByLabelText(/Keep n•••e@example\.be/));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(
      await screen.findByLabelText('Verification code'),
      codeSentTo('new.employee@example.be'),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.type(await screen.findByLabelText('Mobile phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The phone number provided is invalid.',
    );
  });
});

/** An onboarding by card 5065000000000001 under way, its terms and names given, stored as the screens keep it. */
async function underWay() {
  const started = await api.onboarding.start({ body: { card_number: '5065000000000001' } });
  if (started.status !== 200 || !('payload' in started.body)) throw new Error('not started');
  sessionStorage.setItem(
    'onboarding',
    JSON.stringify({
      source: 'card',
      payload: started.body.payload,
      currentEmail: started.body.currentEmail,
      terms: { marketing: false },
      names: { firstname: 'Nina', lastname: 'Nieuw' },
    }),
  );
  return started.body.payload;
}

describe('an address or number already in use: answered as a free one, with the ways on under the code', () => {
  it('"Log in" takes the e-mail typed to the sign-in page, which fills it in', async () => {
    await underWay();
    const user = userEvent.setup();
    await renderScreen('/onboarding/email-verification', routes);
    await user.type(await screen.findByLabelText('E-mail address'), ' employee@example.be ');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('sign-in page')).toBeVisible();
    expect(signInHint.take()).toBe('employee@example.be');
  });

  it('a kept card address offers the links, without a masked address to fill in', async () => {
    await underWay();
    // Meanwhile the card's address became a login of another account.
    const other = [...stack().be.store.accounts.values()][0];
    other?.email.push({
      id: 9_999,
      value: 'new.employee@example.be',
      default: false,
      verified: true,
      mfa: false,
    });
    const user = userEvent.setup();
    await renderScreen('/onboarding/email-verification', routes);
    await user.click(await screen.findByLabelText(/Keep n•••e@example\.be/));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('sign-in page')).toBeVisible();
    expect(signInHint.take()).toBeNull();
  });

  it('a phone number in use offers to log in by phone or to reset the password by phone', async () => {
    const payload = await underWay();
    const res = await api.onboarding.sendEmailCode({
      body: { payload, email: 'nina.new@example.be' },
    });
    expect(res.status).toBe(200);
    await api.onboarding.verifyEmail({
      body: { payload, code: codeSentTo('nina.new@example.be') },
    });
    const user = userEvent.setup();
    await renderScreen('/onboarding/phone-verification', routes);
    await user.type(await screen.findByLabelText('Mobile phone number'), '0470 00 00 01');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(/We sent an 8-digit code by text message/)).toBeVisible();
    expect(
      screen.getByText(/If this number already has an account, we sent its owner a message/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/phone');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
      'href',
      '/forgot-password/phone',
    );
  });
});

describe('the password step', () => {
  it("has no username field when the card's address was kept: it is known here only masked", async () => {
    await underWay();
    await renderScreen('/onboarding/password', routes);
    const submit = await screen.findByRole('button', { name: 'Create my account' });
    expect(submit.closest('form')?.querySelector('input[autocomplete="username"]')).toBeNull();
  });
});

describe('without an onboarding under way', () => {
  it.each([
    '/onboarding/welcome',
    '/onboarding/terms-conditions',
    '/onboarding/email-verification',
    '/onboarding/password',
    '/onboarding/confirmation',
  ])('%s goes back to the start', async (path) => {
    await renderScreen(path, routes);
    await waitFor(() => expect(screen.getByText('onboarding start')).toBeInTheDocument());
  });

  it('says a code has expired by its code, not by the words of its message', async () => {
    await underWay();
    const user = userEvent.setup();
    await renderScreen('/onboarding/email-verification', routes);
    await user.click(await screen.findByLabelText(/Keep n•••e@example\.be/));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText(/We sent an 8-digit code/);
    // E-mail codes hold 10 minutes (spec part 9).
    stack().be.store.clock.advance(11 * 60_000);
    await user.type(
      screen.getByLabelText('Verification code'),
      codeSentTo('new.employee@example.be'),
    );
    // In Dutch: the upstream's message is English, so only its `code_expired` can say this.
    await act(() => changeLocale('nl'));
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De code is verlopen. Vraag een nieuwe aan.',
    );
  });

  it('an expired onboarding offers to start again', async () => {
    sessionStorage.setItem(
      'onboarding',
      JSON.stringify({
        source: 'card',
        payload: 'gone-payload',
        currentEmail: null,
        terms: { marketing: false },
      }),
    );
    const user = userEvent.setup();
    await renderScreen('/onboarding/email-verification', routes);
    await user.type(await screen.findByLabelText('E-mail address'), 'someone@example.be');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account creation has expired or was already finished. Please start again.',
    );
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });
});
