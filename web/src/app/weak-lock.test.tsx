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
    // The account API still says "weak": the gateway refuses the security screen's calls
    // (403 weak_password, re-checked with the account API before it refuses) and the
    // guards read the same status; whichever answers first, the user lands on the
    // password change, which then returns them to where they were going.
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
    // The header's account menu, whose code loads with the first signed-in page: the test
    // ends once it is there, not while its modules are still loading.
    expect(
      await screen.findByRole('button', { name: /^Account: / }, { timeout: 15_000 }),
    ).toBeVisible();
  }, 30_000);
});
