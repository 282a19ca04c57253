import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Notice';
import { errorOf, errorText } from '../../../lib/errors';
import { drawnAnswer, useDrawnForm } from '../../../lib/sign-in-flow';
import { useDecide } from '../api/fuzzion';
import { MERGE_TEXTS, type StepProps } from '../merge';
import { Choice } from './Choice';

/** Ownership proven: merge (the current password serves every username) or keep apart. */
export function Decision({ merge, titleId }: StepProps) {
  const { t } = useTranslation();
  const decision = useDecide();
  const drawn = useDrawnForm('/duplicated');
  const refused = decision.error ?? drawnAnswer(drawn);
  const error = refused ? errorText(t, errorOf(refused, MERGE_TEXTS)) : null;
  const { username } = merge.data;

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.confirmed.title')}</h1>
      <p className="notice notice-success">{t('flows.fuzzion.confirmed.text', { username })}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <form method="post" noValidate>
        <ul className="choice-list">
          <Choice
            label={t('flows.fuzzion.confirmed.merge')}
            text={t('flows.fuzzion.confirmed.mergeText')}
            value="merge"
            disabled={decision.isPending}
            onPress={() => decision.mutate('merge')}
          />
          <Choice
            label={t('flows.fuzzion.confirmed.decline')}
            text={t('flows.fuzzion.confirmed.declineText', { username })}
            value="apart"
            secondary
            disabled={decision.isPending}
            onPress={() => decision.mutate('apart')}
          />
        </ul>
      </form>
    </section>
  );
}
