import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, type PortalError } from '../../../lib/errors';
import { href } from '../../../lib/routes';

/**
 * An error that ends the account creation as it stands (the flow expired, the
 * card or code was taken meanwhile): the message and a way to start again.
 */
export function FlowEnded({ error }: { error: PortalError }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorText(t, error)}</p>
      <p>
        <Link to={href('onboarding')}>{t('flows.onboarding.errors.restart')}</Link>
      </p>
    </div>
  );
}
