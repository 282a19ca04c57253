import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BusyLabel } from '../../components/BusyLabel';
import { Loading } from '../../components/Loading';
import { ErrorText } from '../../components/Notice';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { checkTarget, dashboardTarget, leaveTo } from '../../lib/target';
import { deletionQuery, useCancelDeletion } from './api/your-data';

const KEEP_TEXTS = { fallback: 'data.pending.failed' } as const satisfies ErrorTexts;

/**
 * After signing in during a deletion's grace period (docs/flows.md, "Ask for
 * deletion"; the sign-in journey leads here): keep the account, which
 * cancels the deletion, or go on with it still planned. Either way the
 * sign-in's target follows, as the gateway checks it. Drawn by the gateway
 * for the session, its form works without script: the gateway does what was
 * pressed and answers 303 to that target.
 */
export default function DeletionPendingScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const status = useQuery(deletionQuery);
  const keep = useCancelDeletion();
  // The form sent without script and refused: the gateway drew the page again with why.
  const drawn = useDrawnForm(pathname);
  const raw = params.get('target');
  /** On to the sign-in's target, as the gateway checks it (the dashboard without one). */
  const goOn = async () => leaveTo((await checkTarget(raw)) ?? dashboardTarget(), navigate);
  const scheduled = status.data?.scheduled;
  const failure = keep.error ?? drawnAnswer(drawn);
  const error = failure ? errorText(t, errorOf(failure, KEEP_TEXTS)) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pressed = (event.nativeEvent as SubmitEvent).submitter;
    if (pressed instanceof HTMLButtonElement && pressed.value === 'keep') {
      keep.mutate({}, { onSuccess: () => void goOn() });
    } else void goOn();
  };

  if (status.isPending) return <Loading />;
  return (
    <section className="card narrow" aria-labelledby="pending-title">
      <h1 id="pending-title">{t('data.pending.title')}</h1>
      {scheduled && <p>{t('data.pending.text', { date: format.date(scheduled.delete_at) })}</p>}
      {scheduled && <p>{t('data.pending.question')}</p>}
      {!scheduled && <p>{t('data.pending.none')}</p>}
      <form method="post" onSubmit={submit}>
        <ErrorText>{error}</ErrorText>
        <div className="actions">
          {scheduled ? (
            <>
              <button
                type="submit"
                name="action"
                value="keep"
                className="button"
                disabled={keep.isPending}
                aria-busy={keep.isPending || undefined}
              >
                <BusyLabel busy={keep.isPending}>{t('data.pending.keep')}</BusyLabel>
              </button>
              <button
                type="submit"
                name="action"
                value="continue"
                className="button button-secondary"
                disabled={keep.isPending}
              >
                {t('data.pending.continue')}
              </button>
            </>
          ) : (
            <button type="submit" name="action" value="continue" className="button">
              {t('data.pending.goOn')}
            </button>
          )}
        </div>
      </form>
      {scheduled && <p className="hint">{t('data.pending.continueHint')}</p>}
    </section>
  );
}
