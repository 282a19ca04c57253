import type { Session } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { useFormat } from '../../lib/format';
import { unusedRecoveryKeys, useMfaMethods, visibleMethods } from '../../lib/mfa-methods';
import { useCurrentUser } from '../../lib/session';
import { sessionsQuery, trustedDevicesQuery } from './api/sessions';
import { GlobalLogout } from './components/GlobalLogout';
import { LockAccountDialog } from './components/LockAccount';
import { MethodLabel } from './components/MethodLabel';
import { PasswordChanged } from './components/PasswordChanged';
import { WorkplaceLogin } from './components/WorkplaceLogin';

export default function SecurityScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const { user } = useCurrentUser();
  const methods = useMfaMethods();
  const sessions = useQuery(sessionsQuery);
  const trusted = useQuery(trustedDevicesQuery);
  const trustedCount = trusted.data?.body.devices.length ?? null;
  const [locking, setLocking] = useState(false);
  if (!user) return null;
  const state = location.state as { notice?: string; signedOut?: Session[] } | null;
  const notice = state?.notice;
  const signedOut = state?.signedOut ?? [];
  const list = methods.data?.status === 200 ? visibleMethods(methods.data.body) : [];
  const hasTotp = list.some((m) => m.method === 'totp');
  // The method asked first is not the primary contact: after a new primary e-mail
  // or phone, codes may still go first to the old one; say so rather than let
  // "primary" mean two things.
  const first = list.find((m) => m.primary);
  const primaryContact =
    first?.method === 'email'
      ? user.email.find((e) => e.default)?.value
      : first?.method === 'sms'
        ? user.phone.find((p) => p.default)?.value
        : undefined;
  const firstElsewhere = first?.target && primaryContact && first.target !== primaryContact;
  const active = sessions.data?.body.sessions.filter((s) => s.status === 'active') ?? [];

  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title">{t('account.security.title')}</h1>
      <div role="status">
        {notice === 'passwordChanged' && <PasswordChanged signedOut={signedOut} />}
      </div>

      <section className="panel" aria-labelledby="password-title">
        <div className="panel-head">
          <h2 id="password-title">{t('account.security.password')}</h2>
          <Link to={href('security.edit-password')}>{t('account.security.changePassword')}</Link>
        </div>
        <p>
          {user.last_password_change
            ? t('account.security.passwordChangedOn', {
                date: format.date(user.last_password_change),
              })
            : t('account.security.passwordNeverChanged')}
        </p>
      </section>

      <section className="panel" aria-labelledby="mfa-title">
        <div className="panel-head">
          <h2 id="mfa-title">{t('account.security.twoStep')}</h2>
          <Link to={href('security.mfa-edit')}>{t('account.security.manageMethods')}</Link>
        </div>
        <p>
          {list.length > 0 ? t('account.security.twoStepOn') : t('account.security.twoStepOff')}
        </p>
        {firstElsewhere && (
          <p className="notice notice-info">
            {t(
              first?.method === 'email'
                ? 'account.mfa.firstNotPrimaryEmail'
                : 'account.mfa.firstNotPrimaryPhone',
            )}{' '}
            <Link to={href('security.mfa-edit')}>{t('account.security.manageMethods')}</Link>
          </p>
        )}
        {list.length > 0 ? (
          <ul className="rows" aria-label={t('account.security.methods')}>
            {list.map((m) => (
              <li key={m.id}>
                <div className="row-main">
                  <MethodLabel method={m} />
                  {m.primary && (
                    <span className="badge badge-brand">{t('account.mfa.askedFirst')}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Link className="button" to={href('setup-mfa.selection')}>
            {t('account.security.turnOn')}
          </Link>
        )}
      </section>

      <section className="panel" aria-labelledby="passkeys-title">
        <div className="panel-head">
          <h2 id="passkeys-title">{t('passkeys.title')}</h2>
          <Link to={href('security.passkeys')}>{t('passkeys.security.manage')}</Link>
        </div>
        <p>{t('passkeys.security.text')}</p>
      </section>

      {user.sso_email && <WorkplaceLogin email={user.sso_email} />}

      <section className="panel" aria-labelledby="recovery-title">
        <div className="panel-head">
          <h2 id="recovery-title">{t('account.security.recoveryKeys')}</h2>
          {hasTotp && (
            <Link to={href('security.edit-recovery')}>{t('account.security.manageRecovery')}</Link>
          )}
        </div>
        <p>
          {hasTotp
            ? t('account.recovery.left', { count: unusedRecoveryKeys(user) })
            : t('account.security.recoveryNeedsTotp')}
        </p>
      </section>

      <section className="panel" aria-labelledby="devices-title">
        <div className="panel-head">
          <h2 id="devices-title">{t('account.security.devices')}</h2>
          <Link to={href('security.history')}>{t('account.security.seeDevices')}</Link>
        </div>
        <p>{t('account.security.activeSessions', { n: active.length })}</p>
        <GlobalLogout />
      </section>

      <section className="panel" aria-labelledby="trusted-title">
        <div className="panel-head">
          <h2 id="trusted-title">{t('devices.title')}</h2>
          <Link to={href('security.trusted-devices')}>{t('devices.manage')}</Link>
        </div>
        {trustedCount !== null && (
          <p>
            {trustedCount === 0
              ? t('devices.summaryNone')
              : t('devices.summary', { count: trustedCount })}
          </p>
        )}
      </section>

      <section className="panel" aria-labelledby="lock-title">
        <h2 id="lock-title">{t('lockdown.panel.title')}</h2>
        <p>{t('lockdown.panel.text')}</p>
        <button type="button" className="button button-danger" onClick={() => setLocking(true)}>
          {t('lockdown.panel.button')}
        </button>
        {locking && <LockAccountDialog onClose={() => setLocking(false)} />}
      </section>

      <section className="panel" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t('account.security.privacy')}</h2>
        <p>{t('account.security.privacyText')}</p>
      </section>
    </section>
  );
}
