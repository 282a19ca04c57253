import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';
import { BackButton, useStepPage, withView } from './components/StepPage';

/** `/onboarding/existingCard`: the card already belongs to an account; sign in instead. */
export default function ExistingCardScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const { view } = useStepPage(null);
  return withView(view, titleId, (shown) => (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.onboarding.existingCard.title')}</h1>
      <p>{t('flows.onboarding.existingCard.text', { username: shown.existingUsername ?? '' })}</p>
      <p>
        <Link to={href('login.email')} className="button">
          {t('flows.onboarding.existingCard.login')}
        </Link>
      </p>
      <p className="links">
        <Link to={href('forgot-password')}>
          {t('flows.onboarding.existingCard.forgotPassword')}
        </Link>
      </p>
      <form method="post">
        <BackButton />
      </form>
    </section>
  ));
}
