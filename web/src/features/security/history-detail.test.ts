import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { historyDetail } from './history-detail';

const asIs = (value: string) => value;

let t: Awaited<ReturnType<typeof initI18n>>['t'];
beforeAll(async () => {
  t = (await initI18n('en', ['common', 'account'])).t;
});

describe('the security history in words: workplace logins', () => {
  it('says how a workplace login signed in and how it was linked', () => {
    expect(historyDetail(t, asIs, 'login', 'sso')).toBe('with your workplace login');
    expect(historyDetail(t, asIs, 'login', 'sso link, mfa: email')).toBe(
      'workplace login linked, with a code: E-mail',
    );
    expect(historyDetail(t, asIs, 'login', 'sso link')).toBe(
      'workplace login linked, with your password',
    );
  });
});

describe('the security history in words: devices and alerts', () => {
  it("names a device the account API describes in the page's language", async () => {
    expect(historyDetail(t, asIs, 'session_revoked', 'Windows computer, Chrome')).toBe(
      'Windows computer, Chrome',
    );
    expect(historyDetail(t, asIs, 'session_revoked', 'Unknown device, Firefox')).toBe(
      'Unknown device, Firefox',
    );
    expect(historyDetail(t, asIs, 'new_device_sign_in', 'alert sent')).toBe('alert sent');
    const fr = (await initI18n('fr', ['common', 'account'])).t;
    expect(historyDetail(fr, asIs, 'session_revoked', 'Windows computer, Chrome')).toBe(
      'Ordinateur Windows, Chrome',
    );
    expect(historyDetail(fr, asIs, 'session_revoked', 'iPhone, Safari')).toBe('iPhone, Safari');
    expect(historyDetail(fr, asIs, 'new_device_sign_in', 'alert sent')).toBe('alerte envoyée');
    const nl = (await initI18n('nl', ['common', 'account'])).t;
    expect(historyDetail(nl, asIs, 'session_revoked', 'Android phone, Chrome')).toBe(
      'Android-telefoon, Chrome',
    );
    expect(historyDetail(nl, asIs, 'new_device_sign_in', 'alert off')).toBe(
      'geen melding: uitgeschakeld in Meldingen',
    );
  });
});

describe('the security history in words: a lockdown', () => {
  it('says how the account was locked and what it ended, in the reader’s language', async () => {
    const en = (await initI18n('en', ['common', 'account'])).t;
    expect(
      historyDetail(en, asIs, 'account_locked', 'by link; 2 sessions, 1 apps, 0 devices'),
    ).toBe('from the e-mail link · 2 sessions · 1 app · 0 trusted devices');
    const nl = (await initI18n('nl', ['common', 'account'])).t;
    expect(
      historyDetail(nl, asIs, 'account_locked', 'by session; 1 sessions, 0 apps, 1 devices'),
    ).toBe('vanuit Beveiliging · 1 sessie · 0 toepassingen · 1 vertrouwd apparaat');
  });
});

describe('the security history in words: addresses and numbers', () => {
  it('shows a number as every other screen does, by the one contact formatter', async () => {
    const { formatPhone } = await import('@portal/contract/rules');
    // What useContactFormat shows once its rules are there: groups held by no-break spaces.
    const show = (value: string) => formatPhone(value).replaceAll(' ', '\u00a0');
    expect(historyDetail(t, show, 'phone_added', '+32470000001')).toBe(
      '+32\u00a0470\u00a000\u00a000\u00a001',
    );
    expect(historyDetail(t, show, 'phone_primary', '+352621000001')).toBe(show('+352621000001'));
    expect(historyDetail(t, show, 'mfa_added', 'sms +32470000001')).toBe(
      'Sms (+32\u00a0470\u00a000\u00a000\u00a001)',
    );
    expect(historyDetail(t, show, 'email_added', 'emma@example.be')).toBe('emma@example.be');
  });
});
