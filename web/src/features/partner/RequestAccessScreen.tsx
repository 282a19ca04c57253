import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { useFormat } from '../../lib/format';

/** `/partner/request-access`: the access request was sent (after `/partner`). */
export default function RequestAccessScreen() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const location = useLocation();
  const titleId = useId();
  const requestedAt = (location.state as { requestedAt?: unknown } | null)?.requestedAt;
  // Reached without a request: the request form is where to start.
  if (typeof requestedAt !== 'string') return <Navigate to={href('partner')} replace />;
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.requestSent.title')}</h1>
      <p className="notice notice-success" role="status">
        {t('flows.partner.requestSent.text', { date: dateTime(requestedAt) })}
      </p>
      <Link to={href('user.dashboard')} className="button">
        {t('flows.partner.requestSent.back')}
      </Link>
    </section>
  );
}
