import { signIn } from '@portal/gateway/test-helpers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { leave } from '../../lib/sign-in-flow';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import LoginScreen from './LoginScreen';

const stack = withRealStack();

// employee@example.be has MFA: trust this browser's device beforehand (MFA done
// once through the outbox), so that the password alone signs in here.
beforeAll(async () => {
  localStorage.setItem('device-id', stack().deviceId);
  await signIn(stack(), 'employee@example.be', undefined, { trustDevice: true });
});

const routes = [
  { path: '/login/email', element: <LoginScreen kind="email" /> },
  { path: '/user/dashboard', element: <p>dashboard reached</p> },
];

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail address'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it('signs in from a trusted device and leaves for the dashboard the gateway draws', async () => {
    const left = vi.spyOn(leave, 'to').mockImplementation(() => {});
    onTestFinished(() => left.mockRestore());
    await renderScreen('/login/email', routes);
    await submit('employee@example.be', 'Portal-Demo-2026!');
    await waitFor(() => expect(left).toHaveBeenCalledWith('/user/dashboard'));
  });

  it('says "E-mail address or password is incorrect." at the emptied password, then the tries left', async () => {
    await renderScreen('/login/email', routes);
    await submit('employee@example.be', 'wrong-password');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription('E-mail address or password is incorrect.');
    // Which of the two was wrong is not said: the address stays as typed, unmarked.
    expect(screen.getByLabelText('E-mail address')).toHaveValue('employee@example.be');
    expect(screen.getByLabelText('E-mail address')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(password, 'wrong-again');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'E-mail address or password is incorrect. 3 more wrong tries and logging in pauses for 15 minutes.',
      ),
    );
  });

  it('shows the typed password on request, and hides it again', async () => {
    await renderScreen('/login/email', routes);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Password');
    await user.type(field, 'Portal-Demo-2026!');
    expect(field).toHaveAttribute('type', 'password');
    const toggle = await screen.findByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('Portal-Demo-2026!');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
  });

  it('shows the generic error when the account service is down', async () => {
    await renderScreen('/login/email', routes);
    await stack().be.app.close();
    await submit('employee@example.be', 'Portal-Demo-2026!');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error has occurred. Please try again later.',
    );
  });

  it('titles the page by the target platform of redirect_uri', async () => {
    await renderScreen(
      `/login/email?redirect_uri=${encodeURIComponent('https://my.example.be/cb')}`,
      routes,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Log in to your employee area',
    );
  });
});
