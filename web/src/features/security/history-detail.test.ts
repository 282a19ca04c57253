import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { historyDetail } from './history-detail';

let t: Awaited<ReturnType<typeof initI18n>>['t'];
beforeAll(async () => {
  t = (await initI18n('en', ['account'])).t;
});

describe('the security history in words: workplace logins', () => {
  it('says how a workplace login signed in and how it was linked', () => {
    expect(historyDetail(t, 'login', 'sso')).toBe('with your workplace login');
    expect(historyDetail(t, 'login', 'sso link, mfa: email')).toBe(
      'workplace login linked, with a code: E-mail',
    );
    expect(historyDetail(t, 'login', 'sso link')).toBe(
      'workplace login linked, with your password',
    );
  });
});
