import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';

/** The password is changed (spec part 2): a button to log in. */
export default function ResetPasswordConfirmedScreen() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="reset-done-title">
      <h1 id="reset-done-title">{t('recovery.resetConfirmed.title')}</h1>
      <p className="notice notice-success">{t('recovery.resetConfirmed.text')}</p>
      <Link className="button" to={href('login.email')}>
        {t('recovery.resetConfirmed.login')}
      </Link>
    </section>
  );
}
