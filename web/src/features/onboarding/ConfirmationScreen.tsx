import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Status } from '../../components/Notice';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { queryKeys } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { onboardingState } from './onboarding-state';

/** Where users reach customer service (the card activation failed). */
export const SUPPORT_URL = {
  be: 'https://www.example.be/contact',
  lu: 'https://www.example.lu/contact',
} as const;

/**
 * `/onboarding/confirmation`: the account exists and the user is signed in.
 * Card activated; card activation failed (the account exists, the card can be
 * activated in the app, contact support); or an invitation code only.
 */
export default function ConfirmationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const outcome = onboardingState.get()?.outcome;

  // The last step signed the user in: the app now reads who they are.
  useEffect(() => {
    if (outcome) void queryClient.invalidateQueries({ queryKey: queryKeys.user });
  }, [outcome, queryClient]);

  if (!outcome) return <Navigate to={href('onboarding')} replace />;
  const done = () => {
    onboardingState.clear();
    navigate(href('user.dashboard'), { replace: true });
  };
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
      <button type="button" className="button" onClick={done}>
        {t('flows.onboarding.confirmation.continue')}
      </button>
    </section>
  );
}
