import type { User } from '@portal/contract';
import { ChevronRight, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format';
import { useMfaMethods } from '../../lib/mfa-methods';
import { href } from '../../lib/routes';
import { type Advice, checkupAdvice } from './checkup';
import '../../components/self-service.css';
import './checkup.css';
import { useContactFormat } from '../../lib/phone';

/**
 * The dashboard's security checkup (as Google Account's home has one): either
 * "your account is protected" or what to do about it, each with a link to the
 * screen where it is done.
 */
export function SecurityCheckup({ user }: { user: User }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const format = useFormat();
  const methods = useMfaMethods();
  const known = methods.data?.status === 200 ? methods.data.body : null;
  const settled = methods.data !== undefined || methods.isError;
  const advice = checkupAdvice(user, known);

  const text = (item: Advice): [string, string, string] => {
    switch (item.kind) {
      case 'mfaOff':
        return [
          t('dashboard.checkup.mfaOff'),
          t('dashboard.checkup.mfaOffText'),
          t('dashboard.checkup.mfaOffAction'),
        ];
      case 'noRecoveryKeys':
        return [
          t('dashboard.checkup.noRecoveryKeys'),
          t('dashboard.checkup.noRecoveryKeysText'),
          t('dashboard.checkup.noRecoveryKeysAction'),
        ];
      case 'unconfirmedEmail':
      case 'unconfirmedPhone':
        return [
          t(`dashboard.checkup.${item.kind}`, { value: show(item.value) }),
          t('dashboard.checkup.unconfirmedText'),
          t('dashboard.checkup.unconfirmedAction'),
        ];
      case 'oldPassword':
        return [
          t('dashboard.checkup.oldPassword'),
          t('dashboard.checkup.oldPasswordText', { date: format.date(item.since) }),
          t('dashboard.checkup.oldPasswordAction'),
        ];
    }
  };

  return (
    <section className="card checkup" aria-labelledby="checkup-title" aria-busy={!settled}>
      <h2 id="checkup-title">{t('dashboard.checkup.title')}</h2>
      {!settled ? (
        <div className="checkup-status" aria-hidden="true">
          <span className="skeleton checkup-icon-place" />
          <span className="skeleton skeleton-short" />
        </div>
      ) : advice.length === 0 && !known ? (
        <p className="muted">{t('dashboard.checkup.unknown')}</p>
      ) : advice.length === 0 ? (
        <p className="checkup-status checkup-ok">
          <ShieldCheck className="checkup-icon" aria-hidden="true" />
          <span>
            <strong>{t('dashboard.checkup.protected')}</strong>
            <span className="muted">{t('dashboard.checkup.protectedText')}</span>
          </span>
        </p>
      ) : (
        <>
          <p className="checkup-status checkup-todo">
            <ShieldAlert className="checkup-icon" aria-hidden="true" />
            <strong>{t('dashboard.checkup.recommendations', { count: advice.length })}</strong>
          </p>
          <ul className="rows checkup-list">
            {advice.map((item) => {
              const [title, detail, action] = text(item);
              return (
                <li key={`${item.kind}-${'value' in item ? item.value : ''}`}>
                  <span className="row-main checkup-advice">
                    <strong>{title}</strong>
                    <span className="muted">{detail}</span>
                  </span>
                  <Link className="button button-secondary checkup-action" to={href(item.to)}>
                    {action}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Link className="checkup-more" to={href('security')}>
        {t('dashboard.checkup.seeSecurity')}
        <ChevronRight aria-hidden="true" />
      </Link>
    </section>
  );
}
