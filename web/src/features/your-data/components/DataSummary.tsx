import type { DataExport, MfaKind } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useContactFormat } from '../../../lib/phone';

const METHOD_KEYS = {
  email: 'data.summary.method.email',
  sms: 'data.summary.method.sms',
  totp: 'data.summary.method.totp',
  totpRecovery: 'data.summary.method.totpRecovery',
  card: 'data.summary.method.card',
} as const satisfies Record<MfaKind, string>;

/** A list of values, or "none" in the page's words. */
function Values({ values }: { values: readonly string[] }) {
  const { t } = useTranslation();
  if (values.length === 0) return <>{t('data.summary.none')}</>;
  return (
    <ul className="plain">
      {values.map((value) => (
        <li key={value}>{value}</li>
      ))}
    </ul>
  );
}

/**
 * What the copy holds, readable in the visitor's language: the facts of the
 * profile, and how many of each kind of record the file lists.
 */
export function DataSummary({ data }: { data: DataExport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const show = useContactFormat();
  const { user } = data;
  const none = t('data.summary.none');
  const yesNo = (value: boolean) => (value ? t('data.summary.yes') : t('data.summary.no'));
  const activeSessions = data.sessions.filter((s) => s.status === 'active').length;
  const apps = Object.values(data.grants).map((g) => g.name);
  const oldest = data.history[data.history.length - 1]?.time;
  return (
    <>
      <section className="panel" aria-labelledby="summary-profile">
        <h2 id="summary-profile">{t('data.summary.profile')}</h2>
        <p>{t('data.summary.generated', { date: format.dateTime(data.generated_at) })}</p>
        <dl className="facts">
          <dt>{t('data.summary.name')}</dt>
          <dd>{[user.firstname, user.lastname].filter(Boolean).join(' ') || none}</dd>
          <dt>{t('data.summary.birthdate')}</dt>
          <dd>{user.birthdate ? format.date(user.birthdate) : none}</dd>
          <dt>{t('data.summary.emails')}</dt>
          <dd>
            <Values values={user.email.map((e) => e.value)} />
          </dd>
          <dt>{t('data.summary.phones')}</dt>
          <dd>
            <Values values={user.phone.map((p) => show(p.value))} />
          </dd>
          <dt>{t('data.summary.iban')}</dt>
          <dd>{user.iban?.match(/.{1,4}/g)?.join(' ') ?? none}</dd>
          <dt>{t('data.summary.marketing')}</dt>
          <dd>{yesNo(data.marketing)}</dd>
          <dt>{t('data.summary.newDeviceAlert')}</dt>
          <dd>{yesNo(data.notifications.new_device_sign_in)}</dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="summary-security">
        <h2 id="summary-security">{t('data.summary.security')}</h2>
        <dl className="facts">
          <dt>{t('data.summary.methods')}</dt>
          <dd>
            <Values values={data.mfa_methods.map((m) => t(METHOD_KEYS[m.method]))} />
          </dd>
          <dt>{t('data.summary.passkeys')}</dt>
          <dd>
            <Values values={data.passkeys.map((p) => p.name)} />
          </dd>
          <dt>{t('data.summary.trustedDevices')}</dt>
          <dd>
            {data.trusted_devices.length > 0
              ? t('data.summary.devices', { count: data.trusted_devices.length })
              : none}
          </dd>
          <dt>{t('data.summary.sessions')}</dt>
          <dd>{t('data.summary.activeSessions', { count: activeSessions })}</dd>
          <dt>{t('data.summary.apps')}</dt>
          <dd>
            <Values values={apps} />
          </dd>
          <dt>{t('data.summary.history')}</dt>
          <dd>
            {oldest
              ? t('data.summary.events', {
                  count: data.history.length,
                  since: format.date(oldest),
                })
              : none}
          </dd>
        </dl>
      </section>
    </>
  );
}
