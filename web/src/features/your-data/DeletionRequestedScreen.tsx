import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useFormat } from '../../lib/format';
import { href } from '../../lib/routes';

/**
 * The deletion was asked for (docs/flows.md, "Ask for deletion"): every
 * session ended, this one too. The date comes from the request's answer,
 * handed over in the navigation's state (nothing of it in the address).
 */
export default function DeletionRequestedScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const location = useLocation();
  const deleteAt = (location.state as { deleteAt?: unknown } | null)?.deleteAt;
  const date = typeof deleteAt === 'string' ? format.date(deleteAt) : null;
  return (
    <section className="card narrow" aria-labelledby="requested-title">
      <h1 id="requested-title">{t('data.requested.title')}</h1>
      <p>{date ? t('data.requested.text', { date }) : t('data.requested.textNoDate')}</p>
      <p>{t('data.requested.undo')}</p>
      <div className="actions">
        <Link className="button" to={href('login.email')}>
          {t('data.requested.login')}
        </Link>
      </div>
    </section>
  );
}
