import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { getConfig, setConfig } from '../../lib/config';
import { renderScreen } from '../../test/render';
import { withRealStack } from '../../test/stack';
import LoginScreen from './LoginScreen';

withRealStack();

function Where() {
  const location = useLocation();
  return <p>reached {location.pathname + location.search}</p>;
}

async function submit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail address'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.setItem('device-id', crypto.randomUUID());
});

describe('login form, more of docs/product.md parts 2, 4 and 8', () => {
  const more = [
    { path: '/login/email', element: <LoginScreen kind="email" /> },
    { path: '/login/phone', element: <LoginScreen kind="phone" /> },
    { path: '*', element: <Where /> },
  ];

  it('goes straight to the code screen; the journey (methods, payload, target) stays on the gateway', async () => {
    await renderScreen('/login/email?target=%2Fuser%2Faccess', more);
    await submit('employee@example.be', 'Portal-Demo-2026!');
    // No list or contact in the address, nothing in the tab's storage.
    expect(await screen.findByText('reached /mfa')).toBeInTheDocument();
    expect(Object.keys(sessionStorage)).toEqual([]);
    const flow = await api.signIn.readSignIn();
    expect(flow.body).toMatchObject({
      step: 'code',
      target: '/user/access',
      check: { method: 'email' },
      methods: [{ method: 'email' }, { method: 'sms' }],
    });
    expect(JSON.stringify(flow.body)).not.toContain('payload');
  });

  it('offers the country codes by country name and is worked with the keyboard', async () => {
    const user = userEvent.setup();
    await renderScreen('/login/phone', more);
    const country = await screen.findByRole('button', { name: /Country code/ });
    act(() => country.focus());
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Belgium +32', 'Luxembourg +352', 'Netherlands +31', 'France +33', 'Germany +49']);
    // The list opens with the chosen country focused; the arrow moves on from there.
    await waitFor(() =>
      expect(within(list).getByRole('option', { name: 'Belgium +32' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(country).toHaveTextContent('LU +352');
    // Back on the trigger once the list has closed (React Aria moves it after the close).
    await waitFor(() => expect(country).toHaveFocus());
  });

  it('reads a national phone number in the variant country', async () => {
    const user = userEvent.setup();
    await renderScreen('/login/phone', more);
    expect(await screen.findByRole('button', { name: /Country code/ })).toHaveTextContent('BE +32');
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '0470 00 00 01');
    await user.type(screen.getByLabelText('Password'), 'Portal-Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('reached /mfa')).toBeInTheDocument();
  });

  it('says "Too many attempts" once the account is locked', async () => {
    await renderScreen('/login/email', more);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'partner@example.be');
    const password = screen.getByLabelText('Password');
    // Five refusals (the last ones counting down), each emptying the password field.
    for (let i = 0; i < 5; i++) {
      await user.type(password, `wrong-${i}`);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(password).toHaveValue(''));
    }
    await user.type(password, 'wrong-5');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The wait comes from the answer's Retry-After (the account stays locked 15 minutes).
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('titles a partner sign-in by the redirect_uri inside its target, and links the other ways', async () => {
    const target = `/authorize?client_id=17&redirect_uri=${encodeURIComponent('https://client.example.be/cb')}`;
    await renderScreen(`/login/email?target=${encodeURIComponent(target)}`, more);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Log in to your client area',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.getByRole('link', { name: 'Log in with your phone number' })).toHaveAttribute(
      'href',
      `/login/phone?target=${encodeURIComponent(target)}`,
    );
  });

  it('offers the workplace login when Log in is pressed, not when the address field is left', async () => {
    const user = userEvent.setup();
    await renderScreen('/login/email', more);
    await user.type(screen.getByLabelText('E-mail address'), 'sso@acme.example');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    // Leaving the field asks nothing: the password is typed undisturbed.
    await user.type(screen.getByLabelText('Password'), 'Portal-Demo-2026!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in with your Acme account' });
    expect(dialog).toHaveTextContent('The first time, you link the two once');
    // Turned down: the sign-in goes on with the password typed.
    await user.click(within(dialog).getByRole('button', { name: 'Continue with my password' }));
    expect(await screen.findByText('reached /mfa')).toBeInTheDocument();
  });

  it('offers the workplace login before asking for a missing password, then puts the cursor there', async () => {
    const user = userEvent.setup();
    await renderScreen('/login/email', more);
    await user.type(screen.getByLabelText('E-mail address'), 'Someone@Acme.example');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in with your Acme account' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue with my password' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).not.toHaveAttribute('aria-invalid');
    // Not offered again on this page: Log in now asks for the password.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('This field is required.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the captcha errors of docs/product.md part 8 when the captcha is on', async () => {
    await renderScreen('/login/email', more);
    cleanup();
    const config = getConfig();
    setConfig({ ...config, features: { ...config.features, captchaSiteKey: 'site-key' } });
    try {
      await renderScreen('/login/email', more);
      await submit('employee@example.be', 'Portal-Demo-2026!');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The security check has not loaded yet. Please wait a moment.',
      );
      const script = await waitFor(() => {
        const element = document.getElementById('portal-captcha');
        if (!element) throw new Error('no captcha script yet');
        return element;
      });
      expect(script.getAttribute('src')).toContain('render=explicit');
      act(() => {
        script.dispatchEvent(new Event('error'));
      });
      expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    } finally {
      setConfig(config);
    }
  });
});
