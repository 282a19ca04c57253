import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Status } from '../../components/Notice';
import '../../components/self-service.css';
import { getConfig } from '../../lib/config';
import { useContinue } from './api/onboarding';
import { useStepPage, withView } from './components/StepPage';

/** Where users reach customer service (the card activation failed). */
export const SUPPORT_URL = {
  be: 'https://www.example.be/contact',
  lu: 'https://www.example.lu/contact',
} as const;

/**
 * `/onboarding/confirmation`: the account exists and the person is signed
 * in. Card activated; card activation failed (the account exists, the card
 * can be activated in the app, contact support); or an invitation code
 * only. Continue ends the journey on the dashboard.
 */
export default function ConfirmationScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const next = useContinue();
  const { view } = useStepPage(next.error);
  return withView(view, titleId, ({ outcome }) => {
    const failed = outcome === 'activation_failed';
    const title =
      outcome === 'card_activated'
        ? t('flows.onboarding.confirmation.activatedTitle')
        : failed
          ? t('flows.onboarding.confirmation.failedTitle')
          : t('flows.onboarding.confirmation.codeOnlyTitle');
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {outcome === 'card_activated' && (
          <Status tone="success">{t('flows.onboarding.confirmation.activatedText')}</Status>
        )}
        {failed && (
          <div className="notice notice-warning" role="status">
            <p>{t('flows.onboarding.confirmation.failedText')}</p>
            <p>{t('flows.onboarding.confirmation.failedSupport')}</p>
            <p>
              <a href={SUPPORT_URL[getConfig().variant]}>
                {t('flows.onboarding.confirmation.support')}
              </a>
            </p>
          </div>
        )}
        {outcome === 'code_only' && (
          <Status tone="success">{t('flows.onboarding.confirmation.codeOnlyText')}</Status>
        )}
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            next.mutate(undefined);
          }}
        >
          <button
            type="submit"
            name="continue"
            value="1"
            className="button button-block"
            disabled={next.isPending}
          >
            {t('flows.onboarding.confirmation.continue')}
          </button>
        </form>
      </section>
    );
  });
}
