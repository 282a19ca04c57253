import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { loadConfig, maybeConfig } from '../lib/config';
import { withRealStack } from '../test/stack';
import { App } from './App';

withRealStack();

describe('the stored account copy of a session that is gone', () => {
  it('does not send a visitor away from the sign-in page they asked for', async () => {
    await initI18n('en');
    if (!maybeConfig()) await loadConfig();
    // An earlier visit kept a copy of a weak-password user; its session ended
    // elsewhere (cookies cleared, signed out through another tab): no cookie now.
    localStorage.setItem(
      'account',
      JSON.stringify({
        id: 7,
        user_id: 7,
        customer_user_id: null,
        fridom_user_id: null,
        email: [],
        phone: [],
        totpRecovery: [],
        firstname: 'Walter',
        lastname: 'Weak',
        birthdate: null,
        gender: null,
        language: 'en',
        password_status: 1,
        last_password_change: null,
        mfa_forced: false,
        mfa_customer: false,
        has_sso: false,
        sso_only: false,
        iban: null,
        iban_country: null,
        sso_email: null,
      }),
    );
    try {
      window.history.replaceState(null, '', '/login/email');
      render(<App />);
      expect(await screen.findByLabelText('Password', {}, { timeout: 15_000 })).toBeVisible();
      expect(window.location.pathname).toBe('/login/email');
      // The gateway's answer replaced the copy.
      expect(localStorage.getItem('account')).toBeNull();
    } finally {
      localStorage.removeItem('account');
    }
  }, 30_000);
});
