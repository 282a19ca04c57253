import type { TFunction } from 'i18next';
import { deviceName } from '../../lib/device-name';

/**
 * The words of a security-history event's `detail` (the account API writes
 * it in a fixed, untranslated form per kind: `mfa: email`, `firstname, gender`,
 * `3 sessions`…). What we recognise is said in the user's language; an
 * address or a number is shown by `show`, the one contact formatter of every
 * screen (lib/phone.ts); another value (an app's name) stays as it is; a form this version
 * does not know is shown as it came.
 */
const METHODS = ['email', 'sms', 'totp', 'totpRecovery', 'card'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (value: string): value is Method => (METHODS as readonly string[]).includes(value);

const FIELDS = ['firstname', 'lastname', 'birthdate', 'gender', 'language'] as const;
type Field = (typeof FIELDS)[number];
const isField = (value: string): value is Field => (FIELDS as readonly string[]).includes(value);

const OUTCOMES = ['card_activated', 'activation_failed', 'code_only'] as const;
type Outcome = (typeof OUTCOMES)[number];
const isOutcome = (value: string): value is Outcome =>
  (OUTCOMES as readonly string[]).includes(value);

function loginDetail(t: TFunction, detail: string): string | null {
  if (detail === 'password') return t('account.history.details.password');
  if (detail === 'password, trusted device') return t('account.history.details.trustedDevice');
  const mfa = /^mfa: (\w+)$/.exec(detail)?.[1];
  if (mfa && isMethod(mfa)) {
    return t('account.history.details.mfa', { method: t(`account.mfa.kind.${mfa}`) });
  }
  if (detail === 'sso') return t('account.history.details.sso');
  if (detail === 'sso link') return t('account.history.details.ssoLinkPassword');
  const linkedWith = /^sso link, mfa: (\w+)$/.exec(detail)?.[1];
  if (linkedWith && isMethod(linkedWith)) {
    return t('account.history.details.ssoLink', { method: t(`account.mfa.kind.${linkedWith}`) });
  }
  const app = /^token from (.+)$/.exec(detail)?.[1];
  if (app) {
    return app === 'another app'
      ? t('account.history.details.otherApp')
      : t('account.history.details.fromApp', { app });
  }
  return null;
}

/** How a contact value is shown (`useContactFormat`): a number as on every other screen. */
type Show = (value: string) => string;

function methodDetail(t: TFunction, show: Show, detail: string): string | null {
  const [method, ...rest] = detail.split(' ');
  if (!method || !isMethod(method)) return null;
  const name = t(`account.mfa.kind.${method}`);
  return rest.length ? `${name} (${show(rest.join(' '))})` : name;
}

/** `email_added`, `phone_primary`…: their detail is the address or number itself. */
const CONTACT_KINDS = /^(email|phone)_(added|verified|removed|primary)$/;

function fieldsDetail(t: TFunction, detail: string): string | null {
  const fields = detail.split(', ');
  if (!fields.every(isField)) return null;
  return fields.map((f) => t(`account.profile.${f}`)).join(', ');
}

function createdDetail(t: TFunction, detail: string): string | null {
  const match = /^terms and privacy accepted; marketing (yes|no); (\w+)$/.exec(detail);
  const outcome = match?.[2];
  if (!match || !outcome || !isOutcome(outcome)) return null;
  return [
    t('account.history.details.termsAccepted'),
    match[1] === 'yes'
      ? t('account.history.details.marketingYes')
      : t('account.history.details.marketingNo'),
    t(`account.history.details.outcome.${outcome}`),
  ].join(' · ');
}

/** `by link; 2 sessions, 1 apps, 0 devices`: how the account was locked and what it ended. */
function lockedDetail(t: TFunction, detail: string): string | null {
  const match = /^by (session|link); (\d+) sessions, (\d+) apps, (\d+) devices$/.exec(detail);
  if (!match) return null;
  const [, how, sessions, apps, devices] = match;
  return [
    how === 'link'
      ? t('account.history.details.lockedByLink')
      : t('account.history.details.lockedBySession'),
    t('account.history.details.sessions', { count: Number(sessions) }),
    t('account.history.details.apps', { count: Number(apps) }),
    t('account.history.details.devices', { count: Number(devices) }),
  ].join(' · ');
}

export function historyDetail(
  t: TFunction,
  show: Show,
  kind: string,
  detail: string | null,
): string | null {
  if (!detail) return null;
  let said: string | null = null;
  if (kind === 'login') said = loginDetail(t, detail);
  else if (CONTACT_KINDS.test(kind)) said = show(detail);
  else if (kind === 'login_failed' && detail === 'locked')
    said = t('account.history.details.locked');
  else if (kind === 'profile_updated') said = fieldsDetail(t, detail);
  else if (kind === 'mfa_added' || kind === 'mfa_removed' || kind === 'mfa_primary')
    said = methodDetail(t, show, detail);
  else if (kind === 'sessions_revoked_all') {
    const count = /^(\d+) sessions?$/.exec(detail)?.[1];
    if (count) said = t('account.history.details.sessions', { count: Number(count) });
  } else if (kind === 'session_revoked') {
    // `<device>, <browser>`: the device in words, the browser's name as it is.
    const [device = '', ...rest] = detail.split(', ');
    const name =
      device === 'Unknown device' ? t('account.sessions.unknownDevice') : deviceName(t, device);
    said = [name, ...rest].join(', ');
  } else if (kind === 'new_device_sign_in' && detail === 'alert sent')
    said = t('account.history.details.alertSent');
  else if (kind === 'new_device_sign_in' && detail === 'alert off')
    said = t('account.history.details.alertOff');
  else if (kind === 'account_created') said = createdDetail(t, detail);
  else if (kind === 'account_locked') said = lockedDetail(t, detail);
  return said ?? detail;
}
