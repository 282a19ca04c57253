import { type TestStack, testStack } from '@portal/gateway/test-helpers';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ALL_NAMESPACES } from '../i18n/namespaces';
import { api } from '../lib/api';
import { loadConfig, parseConfig } from '../lib/config';
import { errorOf } from '../lib/errors';
import { App } from './App';

/** The real gateway with MAINTENANCE=1 (every /api call but /api/config answers 503). */
let stack: TestStack;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  const started = await testStack({ scope: 'caller', listen: true, config: { MAINTENANCE: true } });
  stack = started;
  const { base } = started;
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' ? new URL(input, base) : input, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await stack.close();
});

describe('maintenance (docs/product.md part 8)', () => {
  it('is what the config says at start-up', async () => {
    expect((await loadConfig()).kind).toBe('maintenance');
  });

  it('is recognised in any call answered 503 maintenance', async () => {
    const answer = await api.profile.getUser();
    expect(answer.status).toBe(503);
    expect(errorOf(answer).kind).toBe('maintenance');
    expect(errorOf({ status: 503, body: { code: 'upstream_unavailable' } }).kind).toBe(
      'unavailable',
    );
  });

  it('turns any screen into the trilingual maintenance screen', async () => {
    await initI18n('en', ALL_NAMESPACES);
    window.history.replaceState(null, '', '/user/dashboard');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Onderhoud' })).toBeVisible();
    expect(screen.getByText(/Login is unavailable because of maintenance/)).toBeVisible();
    expect(screen.getByText(/La connexion est momentanément indisponible/)).toBeVisible();
    expect(window.location.pathname).toBe('/maintenance');
    // No language switcher or sign-in on the maintenance screen.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('the config is checked without zod', () => {
  const good = {
    variant: 'lu',
    languages: ['fr_LU', 'en_LU', 'de_LU'],
    defaultLanguage: 'fr_LU',
    fallbackLanguage: 'fr_LU',
    passwordRules: { minLength: 10, minLetters: 1, minNumbers: 1, minSpecial: 1 },
    features: { captchaSiteKey: null, securityHistory: true, dealsSite: false },
    maintenance: false,
  };
  it.each([
    ['a config', good, true],
    ['an unknown variant', { ...good, variant: 'nl' }, false],
    ['an unknown locale', { ...good, languages: ['pt'] }, false],
    ['no password rules', { ...good, passwordRules: undefined }, false],
    [
      'a captcha key that is not a string',
      { ...good, features: { ...good.features, captchaSiteKey: 1 } },
      false,
    ],
    ['nothing', null, false],
  ])('%s', (_name, json, ok) => {
    expect(parseConfig(json) !== null).toBe(ok);
  });
});
