import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import '../../components/self-service.css';
import { goToTarget } from '../../lib/target';

/**
 * `/fuzzion-success`: the merge is done (`?outcome=declined`: the accounts
 * stay apart and the similar username left the other account). Continue goes
 * where the sign-in was headed (`?redirect=`, only within this site).
 */
export default function FuzzionSuccessScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const titleId = useId();
  const declined = params.get('outcome') === 'declined';
  const queryClient = useQueryClient();
  // The merge is over (its flow spent on the gateway): the merged account replaces the
  // user, its MFA methods and everything read before.
  useEffect(() => {
    void queryClient.invalidateQueries();
  }, [queryClient]);
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>
        {declined ? t('flows.fuzzion.declined.title') : t('flows.fuzzion.success.title')}
      </h1>
      <p className="notice notice-success" role="status">
        {declined ? t('flows.fuzzion.declined.text') : t('flows.fuzzion.success.text')}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => goToTarget(params.get('redirect'), navigate)}
      >
        {declined ? t('flows.fuzzion.declined.continue') : t('flows.fuzzion.success.continue')}
      </button>
    </section>
  );
}
