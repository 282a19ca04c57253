import { signIn } from '@portal/gateway/test-helpers';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
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
  it('signs in from a trusted device and goes to the dashboard', async () => {
    await renderScreen('/login/email', routes);
    await submit('employee@example.be', 'Portal-Demo-2026!');
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
  });

  it('shows "Invalid username/password." for the form on a wrong password, marking neither field', async () => {
    await renderScreen('/login/email', routes);
    await submit('employee@example.be', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username/password.');
    // Which of the two was wrong is not said: the message belongs to the form.
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('E-mail address')).not.toHaveAttribute('aria-invalid');
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
