import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';

/** After "Lock my account" (docs/flows.md): what happened, and the one way back in. */
export default function LockedScreen() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="locked-title">
      <h1 id="locked-title">{t('lockdown.done.title')}</h1>
      <p className="notice notice-success">{t('lockdown.done.text')}</p>
      <p>{t('lockdown.done.next')}</p>
      <Link className="button" to={href('forgot-password.email')}>
        {t('lockdown.done.button')}
      </Link>
    </section>
  );
}
