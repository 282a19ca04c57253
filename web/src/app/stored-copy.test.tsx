import { signIn } from '@portal/gateway/test-helpers';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ALL_NAMESPACES } from '../i18n/namespaces';
import { loadConfig, maybeConfig } from '../lib/config';
import { signedInAs } from '../test/session';
import { withRealStack } from '../test/stack';
import { App } from './App';

const stack = withRealStack();

describe('the stored account copy of a session that is gone', () => {
  it('does not send a visitor away from the sign-in page they asked for', async () => {
    await initI18n('en', ALL_NAMESPACES);
    if (!maybeConfig()) await loadConfig();
    // An earlier visit kept a copy of a weak-password user; its session ended
    // elsewhere (cookies cleared, signed out through another tab): no cookie now.
    const token = await signIn(stack(), 'weak@example.be', '127.0.0.1');
    const copy = await fetch('/api/user', {
      headers: { cookie: `access_token=${token}`, 'x-device-id': stack().deviceId },
    });
    expect(copy.status).toBe(200);
    localStorage.setItem('account', JSON.stringify((await copy.json()).data));
    try {
      window.history.replaceState(null, '', '/login/email');
      render(<App />);
      expect(await screen.findByLabelText('Password', {}, { timeout: 15_000 })).toBeVisible();
      expect(window.location.pathname).toBe('/login/email');
      // The gateway's answer replaces the copy (it may come after the form shows).
      await waitFor(() => expect(localStorage.getItem('account')).toBeNull());
    } finally {
      localStorage.removeItem('account');
    }
  }, 30_000);
});

describe('a signed-in visitor without a stored copy', () => {
  it('is sent from the sign-in page, shown at once, to the dashboard once the gateway answers', async () => {
    await initI18n('en', ALL_NAMESPACES);
    if (!maybeConfig()) await loadConfig();
    localStorage.removeItem('account');
    await signedInAs(stack());
    window.history.replaceState(null, '', '/login/email');
    render(<App />);
    // Emma's dashboard, in her language (Dutch).
    expect(
      await screen.findByRole('heading', { name: /Welkom/ }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/user/dashboard');
    localStorage.removeItem('account');
  }, 30_000);
});
