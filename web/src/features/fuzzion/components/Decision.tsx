import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../lib/routes';
import { useDecide } from '../api/fuzzion';
import type { StepProps } from '../merge';
import { Choice } from './Choice';

/** Ownership proven: merge (the current password serves every username) or keep apart. */
export function Decision({ payload, fuzzion, titleId, onFailure, target }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const decision = useDecide();
  const [error, setError] = useState<string | null>(null);
  const { username } = fuzzion.data;

  const decide = (merge: boolean) => {
    setError(null);
    decision.mutate(
      { payload, merge },
      {
        // The success screen ends the flow (payload, cached answers) once it shows: done
        // here, this screen would render again without its payload and leave for the dashboard.
        onSuccess: () =>
          navigate(
            href('fuzzion-success', {
              outcome: merge ? undefined : 'declined',
              redirect: target ?? undefined,
            }),
            { replace: true },
          ),
        onError: (thrown) => setError(onFailure(thrown)),
      },
    );
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.confirmed.title')}</h1>
      <p className="notice notice-success">{t('flows.fuzzion.confirmed.text', { username })}</p>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <ul className="choice-list">
        <Choice
          label={t('flows.fuzzion.confirmed.merge')}
          text={t('flows.fuzzion.confirmed.mergeText')}
          disabled={decision.isPending}
          onPress={() => decide(true)}
        />
        <Choice
          label={t('flows.fuzzion.confirmed.decline')}
          text={t('flows.fuzzion.confirmed.declineText', { username })}
          secondary
          disabled={decision.isPending}
          onPress={() => decide(false)}
        />
      </ul>
    </section>
  );
}
