import type { Fuzzion, MfaMethod } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Actions } from '../../../components/Actions';
import { Radio, RadioGroup } from '../../../components/Choices';
import { Alert } from '../../../components/Notice';
import { errorOf, errorText } from '../../../lib/errors';
import { href } from '../../../lib/routes';
import { useLeave } from '../api/fuzzion';
import { MERGE_TEXTS, type StepProps } from '../merge';
import { Choice } from './Choice';

/** The other account's e-mail and SMS methods a code can go to. */
const codeMethodsOf = (fuzzion: Fuzzion): MfaMethod[] =>
  fuzzion.mfa.filter((m) => m.method === 'email' || m.method === 'sms');

/** The proofs the other account allows: its card, its password, a code to one of its methods. */
type Proof = 'card' | 'password' | 'code';

function proofsOf(fuzzion: Fuzzion): Proof[] {
  const { claims } = fuzzion.data;
  return (['card', 'password', 'code'] as const).filter(
    (proof) => claims.includes(proof) && (proof !== 'code' || codeMethodsOf(fuzzion).length > 0),
  );
}

export function Proposal({
  payload,
  fuzzion,
  titleId,
  step,
  target,
  finish,
  signedInBy,
}: StepProps & { finish: () => void; signedInBy: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [claiming, setClaiming] = useState(false);
  const proofs = proofsOf(fuzzion);
  // Confirmed by e-mail or SMS at sign-in: a code is the proof the user has at hand.
  const byCode = signedInBy === 'email' || signedInBy === 'sms';
  const [choice, setChoice] = useState(() => Math.max(0, byCode ? proofs.indexOf('code') : 0));
  const leaving = useLeave();
  const error = leaving.error ? errorText(t, errorOf(leaving.error, MERGE_TEXTS)) : null;
  const platform = t(`flows.fuzzion.platform.${fuzzion.data.platform}`);
  const { username } = fuzzion.data;

  const proofLabel = (proof: Proof) =>
    proof === 'card'
      ? t('flows.fuzzion.prove.card')
      : proof === 'password'
        ? t('flows.fuzzion.prove.password', { platform })
        : t('flows.fuzzion.prove.code');

  const leave = (end: 'notMe' | 'ignore') =>
    leaving.mutate({ payload, end }, { onSuccess: finish });

  const onProve = (event: FormEvent) => {
    event.preventDefault();
    const proof = proofs[choice];
    if (!proof) return;
    if (proof !== 'code') return step(proof);
    // The code goes through the MFA screens, which come back here once it is right.
    // The channel the sign-in was confirmed by comes first.
    const methods = codeMethodsOf(fuzzion)
      .map(({ id, method, target: to }) => ({ id, method, target: to }))
      .sort((a, b) => Number(b.method === signedInBy) - Number(a.method === signedInBy));
    navigate(
      href('mfa-methods', {
        isFuzzion: 'true',
        methods: JSON.stringify(methods),
        redirect: href('duplicated', {
          target: target ?? undefined,
          method: signedInBy ?? undefined,
        }),
      }),
    );
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.title')}</h1>
      <p>{t('flows.fuzzion.found', { username, platform })}</p>
      <p>{t('flows.fuzzion.explain')}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {claiming ? (
        <form onSubmit={onProve} noValidate>
          <h2 className="row-title">{t('flows.fuzzion.prove.title')}</h2>
          <RadioGroup
            label={t('flows.fuzzion.prove.legend')}
            className="choice-group choice-fieldset"
            value={choice === null ? null : String(choice)}
            onChange={(value) => setChoice(Number(value))}
          >
            <ul className="choice-list">
              {proofs.map((proof, i) => (
                <li key={proof}>
                  <Radio value={String(i)} card>
                    {proofLabel(proof)}
                  </Radio>
                </li>
              ))}
            </ul>
          </RadioGroup>
          <Actions
            primary={{ label: t('common.actions.continue'), submit: true }}
            secondary={{ label: t('flows.fuzzion.prove.back'), onPress: () => setClaiming(false) }}
          />
        </form>
      ) : (
        <ul className="choice-list">
          <Choice label={t('flows.fuzzion.claim')} onPress={() => setClaiming(true)} />
          {(['notMe', 'ignore'] as const).map((end) => (
            <Choice
              key={end}
              label={t(`flows.fuzzion.${end}`)}
              text={t(`flows.fuzzion.${end}Text`)}
              secondary
              disabled={leaving.isPending}
              onPress={() => leave(end)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
