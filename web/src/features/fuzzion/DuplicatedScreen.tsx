import type { Fuzzion, MfaMethod } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../app/guards';
import { href } from '../../app/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { api } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { fuzzionPayload } from '../../lib/flow-state';
import { goToTarget } from '../../lib/sign-in';

/** The proof steps shown on this screen (`?step=`); codes go through the MFA screens. */
type ClaimStep = 'card' | 'password';
const claimStepOf = (value: string | null): ClaimStep | null =>
  value === 'card' || value === 'password' ? value : null;

type Answer = { status: number; body: unknown };

/**
 * A merge call's failure in the merge's words (spec part 8): a wrong proof
 * (422) is "invalid input"; a merge that is gone or broke is a "technical
 * error".
 */
const MERGE_TEXTS = {
  rejected: 'flows.fuzzion.errors.invalid',
  fallback: 'flows.fuzzion.errors.technical',
} as const satisfies ErrorTexts;

const fuzzionKey = (payload: string) => ['fuzzion', payload] as const;

/**
 * `/duplicated` (spec parts 2 and 4, duplicate merge): another account with a
 * similar username was found at sign-in. The user claims it — proving it is
 * theirs by its card number or its platform's password (`?step=`), or by a
 * code sent to its e-mail or phone (the MFA screens with `isFuzzion`, which
 * come back here) — says it is not them, or ignores it for now; once proven,
 * they merge or keep the accounts apart. The sign-in hands over with `method`
 * (how it was confirmed) and `target` (where it was headed, kept to the end).
 */
export default function DuplicatedScreen() {
  const [params] = useSearchParams();
  const payload = fuzzionPayload.get();
  if (!payload) return <Navigate to={href('user.dashboard')} replace />;
  return (
    <Duplicated
      payload={payload}
      step={claimStepOf(params.get('step'))}
      target={params.get('target')}
      method={params.get('method')}
    />
  );
}

function Duplicated({
  payload,
  step: claimStep,
  target,
  method,
}: {
  /** How the sign-in was confirmed (`email`, `sms`…): the same channel is offered first for the code. */
  method: string | null;
  payload: string;
  step: ClaimStep | null;
  target: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [failed, setFailed] = useState(false);
  const details = useQuery({
    queryKey: fuzzionKey(payload),
    queryFn: () => api.fuzzion.details({ body: { payload } }),
    // Read afresh on arrival: a code check on the MFA screens may have proven ownership.
    refetchOnMount: 'always',
    retry: false,
  });

  /** The same screen, another step (`null`: the proposal or the decision). */
  const step = (next: ClaimStep | null) =>
    navigate(
      href('duplicated', {
        step: next ?? undefined,
        target: target ?? undefined,
        method: method ?? undefined,
      }),
    );

  /** A merge answer: show it, then the step it calls for. */
  const settle = (fuzzion: Fuzzion) => {
    queryClient.setQueryData(fuzzionKey(payload), { status: 200, body: fuzzion });
    step(null);
  };

  /** The merge is over, whichever way: forget it and go where the sign-in was headed. */
  const finish = () => {
    fuzzionPayload.clear();
    queryClient.removeQueries({ queryKey: ['fuzzion'] });
    goToTarget(target, navigate);
  };

  /** Handles a failure; answers the message to show, if any. */
  const onFailure = (answer: Answer): string | null => {
    const failure = errorOf(answer, MERGE_TEXTS);
    if (failure.kind === 'rejected') return errorText(t, failure);
    if (failure.code === 'wrong_step') {
      // Out of turn: read the merge again and show the step it is at.
      void details.refetch().then(() => step(null));
      return null;
    }
    setFailed(true);
    return null;
  };

  if (details.isPending || (details.isFetching && !details.isFetchedAfterMount)) {
    return <Loading />;
  }
  const answer = details.data;
  if (failed || !answer || answer.status !== 200) {
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('flows.fuzzion.failed.title')}</h1>
        <p className="notice notice-error" role="alert">
          {t('flows.fuzzion.errors.technical')}
        </p>
        <button type="button" className="button" onClick={finish}>
          {t('flows.fuzzion.failed.continue')}
        </button>
      </section>
    );
  }
  const fuzzion = answer.body;
  const props = { payload, fuzzion, titleId, settle, onFailure, step, target };
  if (fuzzion.data.stage === 'confirmed') return <Decision {...props} />;
  if (claimStep) return <Claim {...props} method={claimStep} />;
  return <Proposal {...props} finish={finish} signedInBy={method} />;
}

interface StepProps {
  payload: string;
  fuzzion: Fuzzion;
  titleId: string;
  settle: (fuzzion: Fuzzion) => void;
  onFailure: (answer: Answer) => string | null;
  step: (next: ClaimStep | null) => void;
  target: string | null;
}

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

function Proposal({
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const platform = t(`flows.fuzzion.platform.${fuzzion.data.platform}`);
  const { username } = fuzzion.data;

  const proofLabel = (proof: Proof) =>
    proof === 'card'
      ? t('flows.fuzzion.prove.card')
      : proof === 'password'
        ? t('flows.fuzzion.prove.password', { platform })
        : t('flows.fuzzion.prove.code');

  const leave = async (end: 'notMe' | 'ignore') => {
    setBusy(true);
    setError(null);
    try {
      const res =
        end === 'notMe'
          ? await api.fuzzion.notMe({ body: { payload } })
          : await api.fuzzion.ignore({ body: { payload } });
      if (res.status === 204) return finish();
      const failure = errorOf(res, MERGE_TEXTS);
      // 404: the merge was over already — there is nothing left to settle.
      if (failure.kind === 'notFound') return finish();
      setError(errorText(t, failure));
    } catch {
      setError(t('flows.fuzzion.errors.technical'));
    } finally {
      setBusy(false);
    }
  };

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
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {claiming ? (
        <form onSubmit={onProve} noValidate>
          <h2 className="row-title">{t('flows.fuzzion.prove.title')}</h2>
          <fieldset className="choice-fieldset">
            <legend>{t('flows.fuzzion.prove.legend')}</legend>
            <ul className="choice-list">
              {proofs.map((proof, i) => (
                <li key={proof}>
                  <label className="choice">
                    <input
                      type="radio"
                      name="proof"
                      checked={choice === i}
                      onChange={() => setChoice(i)}
                    />
                    <span>{proofLabel(proof)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="actions">
            <button type="submit" className="button">
              {t('common.actions.continue')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setClaiming(false)}
            >
              {t('flows.fuzzion.prove.back')}
            </button>
          </div>
        </form>
      ) : (
        <ul className="choice-list">
          <li>
            <button type="button" className="button" onClick={() => setClaiming(true)}>
              {t('flows.fuzzion.claim')}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => leave('notMe')}
            >
              {t('flows.fuzzion.notMe')}
            </button>
            <p className="muted">{t('flows.fuzzion.notMeText')}</p>
          </li>
          <li>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => leave('ignore')}
            >
              {t('flows.fuzzion.ignore')}
            </button>
            <p className="muted">{t('flows.fuzzion.ignoreText')}</p>
          </li>
        </ul>
      )}
    </section>
  );
}

/** Ownership by the other account's card number or its platform's password. */
function Claim({
  payload,
  fuzzion,
  titleId,
  settle,
  onFailure,
  step,
  method,
}: StepProps & { method: 'card' | 'password' }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const platform = t(`flows.fuzzion.platform.${fuzzion.data.platform}`);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = value.replace(/[\s.-]/g, '');
    if (!value) return setError(t('flows.fuzzion.errors.required'));
    if (method === 'card' && !/^5065\d{12}$/.test(card)) {
      return setError(t('flows.fuzzion.errors.cardInvalid'));
    }
    setBusy(true);
    try {
      const res = await api.fuzzion.claim({
        body: method === 'card' ? { payload, card_number: card } : { payload, password: value },
      });
      if (res.status === 200) return settle(res.body);
      setError(onFailure(res));
    } catch {
      setError(t('flows.fuzzion.errors.technical'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.fuzzion.prove.title')}</h1>
      <p>{t('flows.fuzzion.prove.intro', { username: fuzzion.data.username })}</p>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={id}>
            {method === 'card'
              ? t('flows.fuzzion.prove.cardLabel')
              : t('flows.fuzzion.prove.passwordLabel', { platform })}
          </label>
          {method === 'card' && (
            <span id={`${id}-hint`} className="hint">
              {t('flows.fuzzion.prove.cardHint')}
            </span>
          )}
          <input
            id={id}
            type={method === 'card' ? 'text' : 'password'}
            inputMode={method === 'card' ? 'numeric' : undefined}
            autoComplete={method === 'card' ? 'off' : 'current-password'}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [method === 'card' ? `${id}-hint` : '', error ? `${id}-error` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {error && (
            <p id={`${id}-error`} className="field-error error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {t('flows.fuzzion.prove.submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => step(null)}>
            {t('flows.fuzzion.prove.back')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Ownership proven: merge (the current password serves every username) or keep apart. */
function Decision({ payload, fuzzion, titleId, onFailure, target }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { username } = fuzzion.data;

  const decide = async (merge: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const res = merge
        ? await api.fuzzion.accept({ body: { payload } })
        : await api.fuzzion.decline({ body: { payload } });
      if (res.status !== 200 && res.status !== 204) return setError(onFailure(res));
      fuzzionPayload.clear();
      // The merged account replaces the user, its MFA methods and everything read before.
      queryClient.removeQueries({ queryKey: ['fuzzion'] });
      await queryClient.invalidateQueries();
      navigate(
        href('fuzzion-success', {
          outcome: merge ? undefined : 'declined',
          redirect: target ?? undefined,
        }),
        { replace: true },
      );
    } catch {
      setError(t('flows.fuzzion.errors.technical'));
    } finally {
      setBusy(false);
    }
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
        <li>
          <button type="button" className="button" disabled={busy} onClick={() => decide(true)}>
            {t('flows.fuzzion.confirmed.merge')}
          </button>
          <p className="muted">{t('flows.fuzzion.confirmed.mergeText')}</p>
        </li>
        <li>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => decide(false)}
          >
            {t('flows.fuzzion.confirmed.decline')}
          </button>
          <p className="muted">{t('flows.fuzzion.confirmed.declineText', { username })}</p>
        </li>
      </ul>
    </section>
  );
}
