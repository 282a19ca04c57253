import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ALL_NAMESPACES } from '../i18n/namespaces';
import { loadConfig, maybeConfig } from '../lib/config';
import { signedInAs } from '../test/session';
import { withRealStack } from '../test/stack';
import { App } from './App';

const stack = withRealStack();

describe('403 weak_password (the gateway locks a weak sign-in down)', () => {
  it('sends the user to the weak-password screen from wherever a call was refused', async () => {
    await initI18n('en', ALL_NAMESPACES);
    if (!maybeConfig()) await loadConfig();
    localStorage.setItem('device-id', crypto.randomUUID());
    await signedInAs(stack(), 'weak@example.be');
    // The user the app reads no longer says "weak" (an older copy, another tab): only the
    // gateway's lockdown stands between the session and the security screen.
    const account = [...stack().be.store.accounts.values()].find((a) =>
      a.email.some((e) => e.value === 'weak@example.be'),
    );
    if (!account) throw new Error('no weak@example.be in the seed');
    account.password_status = 0;
    try {
      window.history.replaceState(null, '', '/security');
      render(<App />);
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Choose a stronger password' },
          { timeout: 15_000 },
        ),
      ).toBeVisible();
      expect(window.location.pathname).toBe('/weak-password');
      const params = new URLSearchParams(window.location.search);
      expect(params.get('verified')).toBe('true');
      expect(params.get('target')).toBe('/security');
    } finally {
      account.password_status = 1;
    }
  }, 30_000);
});
