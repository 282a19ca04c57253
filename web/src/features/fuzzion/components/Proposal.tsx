import type { MergeView } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Actions } from '../../../components/Actions';
import { Radio, RadioGroup } from '../../../components/Choices';
import { Alert } from '../../../components/Notice';
import { errorOf, errorText } from '../../../lib/errors';
import { href } from '../../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../../lib/sign-in-flow';
import { useDecide } from '../api/fuzzion';
import { MERGE_TEXTS, type StepProps } from '../merge';
import { Choice } from './Choice';

type Proof = MergeView['proofs'][number];

/** Where a proof leads: its field on this screen, or the list of the other account's methods. */
export const proofHref = (proof: Proof) =>
  proof === 'code' ? href('mfa-methods') : href('duplicated', { step: proof });

/**
 * The proposal: "Yes, it is mine" (then how to prove it), "It is not me",
 * "Ignore for now". Each is a plain link or form the gateway takes without
 * script; with it, the same step goes as JSON.
 */
export function Proposal({ merge, titleId, proving }: StepProps & { proving: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { proofs } = merge;
  // Confirmed by e-mail or SMS at sign-in: a code is the proof the user has at hand.
  const byCode = merge.signedInBy === 'email' || merge.signedInBy === 'sms';
  const [choice, setChoice] = useState<Proof | undefined>(() =>
    byCode && proofs.includes('code') ? 'code' : proofs[0],
  );
  const leaving = useDecide();
  const drawn = useDrawnForm('/duplicated');
  const refused = leaving.error ?? drawnAnswer(drawn);
  const error = refused ? errorText(t, errorOf(refused, MERGE_TEXTS)) : null;
  const platform = t(`flows.fuzzion.platform.${merge.data.platform}`);
  const { username } = merge.data;

  const proofLabel = (proof: Proof) =>
    proof === 'card'
      ? t('flows.fuzzion.prove.card')
      : proof === 'password'
        ? t('flows.fuzzion.prove.password', { platform })
        : t('flows.fuzzion.prove.code');

  const onProve = (event: FormEvent) => {
    event.preventDefault();
    if (choice) navigate(proofHref(choice));
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.title')}</h1>
      <p>{t('flows.fuzzion.found', { username, platform })}</p>
      <p>{t('flows.fuzzion.explain')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {proving ? (
        <form method="post" onSubmit={onProve} noValidate>
          <h2 className="row-title">{t('flows.fuzzion.prove.title')}</h2>
          <RadioGroup
            label={t('flows.fuzzion.prove.legend')}
            className="choice-group choice-fieldset"
            name="proof"
            value={choice ?? null}
            onChange={(value) => setChoice(value as Proof)}
          >
            <ul className="choice-list">
              {proofs.map((proof) => (
                <li key={proof}>
                  <Radio value={proof} card>
                    {proofLabel(proof)}
                  </Radio>
                </li>
              ))}
            </ul>
          </RadioGroup>
          <Actions
            primary={{ label: t('common.actions.continue'), submit: true }}
            secondary={{ label: t('flows.fuzzion.prove.back'), to: href('duplicated') }}
          />
        </form>
      ) : (
        <form method="post" noValidate>
          <ul className="choice-list">
            <li>
              <Link className="button" to={href('duplicated', { step: 'prove' })}>
                {t('flows.fuzzion.claim')}
              </Link>
            </li>
            {(['notMe', 'ignore'] as const).map((end) => (
              <Choice
                key={end}
                label={t(`flows.fuzzion.${end}`)}
                text={t(`flows.fuzzion.${end}Text`)}
                value={end === 'notMe' ? 'not_me' : 'later'}
                secondary
                disabled={leaving.isPending}
                onPress={() => leaving.mutate(end === 'notMe' ? 'not_me' : 'later')}
              />
            ))}
          </ul>
        </form>
      )}
    </section>
  );
}
