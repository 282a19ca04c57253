import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../app/routes';
import type { StepError } from '../errors';

/**
 * An error that ends the account creation as it stands (the flow expired, the
 * card or code was taken meanwhile): the message and a way to start again.
 */
export function FlowEnded({ error }: { error: StepError }) {
  const { t } = useTranslation();
  const text =
    error === 'cardTaken'
      ? t('flows.onboarding.errors.cardTaken')
      : error === 'codeUsed'
        ? t('flows.onboarding.errors.codeUsed')
        : t('flows.onboarding.errors.expired');
  return (
    <div className="notice notice-error" role="alert">
      <p>{text}</p>
      <p>
        <Link to={href('onboarding')}>{t('flows.onboarding.errors.restart')}</Link>
      </p>
    </div>
  );
}

export const endsTheFlow = (error: StepError) =>
  error === 'expired' || error === 'cardTaken' || error === 'codeUsed';
