import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale, ensureNamespaces, initI18n } from './i18n';

const shows = (key: string) => i18next.t(key as never) as string;

describe('texts loaded while the language changes', () => {
  beforeEach(async () => {
    await initI18n('en', ['common', 'signin']);
  });

  it('a screen whose texts load during a switch gets them in the new language', async () => {
    // The screen asks for its texts, and the user's own language is applied meanwhile.
    const screen = ensureNamespaces(['account']);
    const switched = changeLocale('fr');
    await Promise.all([screen, switched]);
    expect(i18next.language).toBe('fr');
    expect(shows('account.security.twoStep')).toBe('Vérification en deux étapes');
  });

  it('a switch that starts first still brings the texts a screen asks for after it', async () => {
    const switched = changeLocale('nl');
    const screen = ensureNamespaces(['account']);
    await Promise.all([screen, switched]);
    expect(i18next.language).toBe('nl');
    expect(shows('account.security.twoStep')).toBe('Tweestapsverificatie');
  });

  it('a later switch brings every namespace loaded before', async () => {
    await ensureNamespaces(['flows']);
    await changeLocale('de_LU');
    expect(shows('flows.onboarding.twoStep.continue')).toBe('Weiter');
  });
});
