import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { signedInAs } from '../../test/session';
import { withRealStack } from '../../test/stack';
import ForcedMfaScreen from './ForcedMfaScreen';

const stack = withRealStack();
const routes = [
  { path: '/setup-mfa', element: <ForcedMfaScreen /> },
  { path: '/setup-mfa/selection', element: <p>method choice reached</p> },
  { path: '/user/dashboard', element: <p>dashboard reached</p> },
  { path: '/profile', element: <p>profile reached</p> },
];

beforeEach(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
  // Where the setup leaves for once it is over (the gateway draws that page).
  vi.spyOn(leave, 'to').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const lastCode = (to: string) => stack().be.store.outbox.findLast((m) => m.to === to)?.code ?? '';

describe('forced MFA', () => {
  it('offers a customer who is not forced Activate and Skip, with the customer advice', async () => {
    await signedInAs(stack(), 'customer@example.be');
    await renderScreen('/setup-mfa?redirect=%2Fprofile', routes);
    expect(await screen.findByRole('heading', { name: 'Protect your account' })).toBeVisible();
    expect(
      screen.getByText('Never share your login details, not even with colleagues.'),
    ).toBeVisible();
    expect(
      screen.getByText('Each collaborator needs an individual account of their own.'),
    ).toBeVisible();
    const banner = screen.getByRole('region', { name: 'Two-step verification' });
    expect(banner).toContainElement(screen.getByRole('button', { name: 'Activate' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    // The target the sign-in handed over, as the gateway checked it when the setup began.
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/profile'));
  });

  it('has a forced user only confirm, then set up e-mail and phone before going on', async () => {
    await signedInAs(stack(), 'forced@example.be');
    await renderScreen('/setup-mfa', routes);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Protect your account' });
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/individual account/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { name: 'Step 1: your e-mail address' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send a code' }));
    await user.type(
      await screen.findByLabelText('Verification code'),
      lastCode('forced@example.be'),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Step 2: your phone number' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send a code' }));
    await user.type(await screen.findByLabelText('Verification code'), lastCode('+32470000004'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Your account is protected' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue to the platform' }));
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/user/dashboard'));
  });

  it('says a wrong code at the field and keeps the step', async () => {
    await signedInAs(stack(), 'forced@example.be');
    await renderScreen('/setup-mfa', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Send a code' }));
    await user.type(await screen.findByLabelText('Verification code'), '00000000');
    expect(await screen.findByText('Your code is invalid, try again.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Step 1: your e-mail address' })).toBeVisible();
  });

  it('sends a user who is neither forced nor a customer to the method choice', async () => {
    await signedInAs(stack(), 'employee@example.be');
    await renderScreen('/setup-mfa', routes);
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/setup-mfa/selection'));
  });
});
