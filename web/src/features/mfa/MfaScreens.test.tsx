import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import LoginScreen from '../auth/LoginScreen';
import MfaCodeScreen from './MfaCodeScreen';
import MfaMethodsScreen from './MfaMethodsScreen';

const stack = withRealStack();

function Where() {
  const location = useLocation();
  return <p>reached {location.pathname + location.search}</p>;
}

const routes = [
  { path: '/login/email', element: <LoginScreen kind="email" /> },
  { path: '/mfa/methods', element: <MfaMethodsScreen /> },
  { path: '/mfa', element: <MfaCodeScreen /> },
  { path: '*', element: <Where /> },
];

/** The newest code the mock sent to `to`. */
function lastCode(to: string): string {
  const message = [...stack().be.store.outbox].reverse().find((m) => m.to === to);
  if (!message) throw new Error(`no code for ${to}`);
  return message.code;
}

/** Signs in with the password; the primary method's code screen opens (`heading`). */
async function signInUntilCode(username: string, heading: string, target?: string) {
  const user = userEvent.setup();
  const path = target ? `/login/email?target=${encodeURIComponent(target)}` : '/login/email';
  await renderScreen(path, routes);
  await user.type(screen.getByLabelText('E-mail address'), username);
  await user.type(screen.getByLabelText('Password'), 'Portal-Demo-2026!');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: heading });
  return user;
}

/** Where the sign-in leaves for once it is complete (the gateway draws that page). */
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  const spy = vi.spyOn(leave, 'to').mockImplementation(() => {});
  return () => spy.mockRestore();
});

describe('MFA at sign-in', () => {
  it("opens the primary method's code screen at once, the others behind 'Use another method'", async () => {
    const user = await signInUntilCode('employee@example.be', 'Check your e-mail');
    // The address typed to sign in shows in full; the number that was not typed stays masked.
    expect(screen.getByText(/We sent an 8-digit code to employee@example\.be\./)).toBeVisible();
    expect(screen.getByText('8-digit code')).toBeVisible();
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
    // Trusting the device is offered at sign-in; with two methods, so is another method.
    expect(screen.getByLabelText(/Trust this device/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Use another method' }));
    expect(
      await screen.findByRole('button', { name: /^E-mail\s*employee@example\.be/ }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Text message\s*\+32\s4•••01/ }));
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeVisible();
    expect(
      screen.getByText(/We sent an 8-digit code by text message to \+32\s4•••01\./),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Use another method' })).toBeVisible();
  });

  it('sends a complete code by itself; a wrong one is marked, selected and cleared on typing', async () => {
    const user = await signInUntilCode(
      'employee@example.be',
      'Check your e-mail',
      '/security/history',
    );
    const field = screen.getByLabelText('Verification code');
    await user.type(field, '00000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your code is invalid, try again.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.clear(field);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.type(field, lastCode('employee@example.be'));
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/security/history'));
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it("keeps only the letters and digits of a pasted code, up to the method's length", async () => {
    const user = await signInUntilCode('employee@example.be', 'Check your e-mail');
    const field = screen.getByLabelText('Verification code');
    await user.click(field);
    await user.paste('12 34-56.78 9');
    expect(field).toHaveValue('12345678');
  });

  it('sends a weak password to weak-password with verified=true', async () => {
    const user = await signInUntilCode('weak@example.be', 'Check your e-mail', '/user/access');
    await user.type(screen.getByLabelText('Verification code'), lastCode('weak@example.be'));
    await waitFor(() =>
      expect(leave.to).toHaveBeenCalledWith('/weak-password?verified=true&target=%2Fuser%2Faccess'),
    );
  });

  it('sends a duplicate account to duplicated, nothing of the merge in the address', async () => {
    const user = await signInUntilCode(
      'duplicate@example.be',
      'Check your e-mail',
      '/user/dashboard',
    );
    await user.type(screen.getByLabelText('Verification code'), lastCode('duplicate@example.be'));
    // The method and the target stay in the merge's flow on the gateway.
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/duplicated'));
    expect(sessionStorage.length).toBe(0);
  });

  it('leads a recovery key to the TOTP recovery screen with the keys left', async () => {
    const user = await signInUntilCode('totp@example.be', 'Open your authenticator app');
    // The app sends nothing: its 6-digit field is there at once.
    expect(screen.getByText('6-digit code')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Use another method' }));
    await user.click(await screen.findByRole('button', { name: /^Recovery key/ }));
    await user.type(await screen.findByLabelText('Recovery key'), 'recovery03');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(leave.to).toHaveBeenCalledWith('/mfa/totp-recovery?x=9'));
  });

  it('says the sign-in expired when the MFA screen is opened without one', async () => {
    await renderScreen('/mfa/methods?isLogin=true', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This login has expired. Please log in again.',
    );
  });
});
