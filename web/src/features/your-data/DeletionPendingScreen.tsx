import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Actions } from '../../components/Actions';
import { BusyLabel } from '../../components/BusyLabel';
import { Loading } from '../../components/Loading';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { dashboardTarget, leaveTo, useCheckedTarget } from '../../lib/target';
import { deletionQuery, useCancelDeletion } from './api/your-data';

const KEEP_TEXTS = { fallback: 'data.pending.failed' } as const satisfies ErrorTexts;

/**
 * After signing in during a deletion's grace period (docs/flows.md, "Ask for
 * deletion"; the sign-in journey leads here): keep the account, which
 * cancels the deletion, or go on with it still planned. Either way the
 * sign-in's target follows, as the gateway checks it.
 */
export default function DeletionPendingScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const checked = useCheckedTarget(params.get('target'));
  const status = useQuery(deletionQuery);
  const keep = useCancelDeletion();
  const goOn = () => leaveTo(checked.target ?? dashboardTarget(), navigate);
  const scheduled = status.data?.scheduled;
  const failure = keep.error ? errorOf(keep.error, KEEP_TEXTS) : null;
  if (status.isPending || checked.pending) return <Loading />;
  return (
    <section className="card narrow" aria-labelledby="pending-title">
      <h1 id="pending-title">{t('data.pending.title')}</h1>
      {scheduled ? (
        <>
          <p>{t('data.pending.text', { date: format.date(scheduled.delete_at) })}</p>
          <p>{t('data.pending.question')}</p>
          <Actions
            primary={{
              label: <BusyLabel busy={keep.isPending}>{t('data.pending.keep')}</BusyLabel>,
              onPress: () => keep.mutate({}, { onSuccess: goOn }),
            }}
            secondary={{ label: t('data.pending.continue'), onPress: goOn }}
            busy={keep.isPending}
            error={failure && errorText(t, failure)}
          />
          <p className="hint">{t('data.pending.continueHint')}</p>
        </>
      ) : (
        <>
          <p>{t('data.pending.none')}</p>
          <Actions primary={{ label: t('data.pending.goOn'), onPress: goOn }} />
        </>
      )}
    </section>
  );
}
