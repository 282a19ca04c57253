import { signIn } from '@portal/gateway/test-helpers';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ALL_NAMESPACES } from '../i18n/namespaces';
import { loadConfig, maybeConfig } from '../lib/config';
import { storedLanguage } from '../lib/session';
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
      // Awaited: the sign-in screen's code arrives (suspends) within this render.
      await act(async () => {
        render(<App />);
      });
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
    await act(async () => {
      render(<App />);
    });
    // Emma's dashboard, in her language (Dutch).
    expect(
      await screen.findByRole('heading', { name: /Welkom/ }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/user/dashboard');
    // The header's account menu, whose code loads with the first signed-in page: the test
    // ends once it is there, not while its modules are still loading.
    expect(
      await screen.findByRole('button', { name: /^Account van / }, { timeout: 15_000 }),
    ).toBeVisible();
    localStorage.removeItem('account');
  }, 30_000);
});

describe('what the browser keeps of the account', () => {
  it('is the language alone, not the account: no name, address, number or IBAN', async () => {
    await initI18n('en', ALL_NAMESPACES);
    if (!maybeConfig()) await loadConfig();
    localStorage.removeItem('account');
    await signedInAs(stack());
    window.history.replaceState(null, '', '/user/dashboard');
    // Awaited: the dashboard suspends while its code and texts load.
    await act(async () => {
      render(<App />);
    });
    expect(
      await screen.findByRole('heading', { name: /Welkom/ }, { timeout: 15_000 }),
    ).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('account')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('account') ?? 'null')).toEqual({ language: 'nl' });
    localStorage.removeItem('account');
  }, 30_000);

  it('cuts a whole account kept by an older version down to its language', async () => {
    const token = await signIn(stack(), 'employee@example.be', '127.0.0.1');
    const res = await fetch('/api/user', {
      headers: { cookie: `access_token=${token}`, 'x-device-id': stack().deviceId },
    });
    const whole = (await res.json()).data as { email: { value: string }[] };
    expect(whole.email.length).toBeGreaterThan(0);
    localStorage.setItem('account', JSON.stringify(whole));
    expect(storedLanguage()).toBe('nl');
    expect(localStorage.getItem('account')).toBe('{"language":"nl"}');
    localStorage.setItem('account', '{"language":"xx","iban":"BE68539007547034"}');
    expect(storedLanguage()).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
  });
});
