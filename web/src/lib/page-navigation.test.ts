import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { pageTitleKeyOf } from './page-navigation';
import { type RouteName, routes } from './routes';

describe('page titles', () => {
  it('every page has a title in every language, the LU wording on the LU variant', async () => {
    for (const locale of ['en', 'fr', 'nl', 'en_LU', 'fr_LU', 'de_LU'] as const) {
      const i18n = await initI18n(locale, ['common', 'titles']);
      for (const route of Object.keys(routes) as RouteName[]) {
        const key = pageTitleKeyOf(route);
        if (!key) continue;
        expect(i18n.exists(`titles.pages.${key}`), `${locale} ${route}`).toBe(true);
      }
    }
    let i18n = await initI18n('en', ['titles']);
    expect(i18n.t('titles.pages.onboarding_card')).toBe('Your card');
    i18n = await initI18n('en_LU', ['titles']);
    expect(i18n.t('titles.pages.onboarding_card')).toBe('Your activation code');
    i18n = await initI18n('fr_LU', ['titles']);
    expect(i18n.t('titles.pages.onboarding_card')).toBe('Votre code d’activation');
  });

  it('the routes that only redirect have none', () => {
    expect(pageTitleKeyOf('home')).toBeNull();
    expect(pageTitleKeyOf('login')).toBeNull();
    expect(pageTitleKeyOf('security.history')).toBe('security_history');
  });
});
