import type { Fuzzion } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { Alert } from '../../components/Notice';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { errorOf, errorText } from '../../lib/errors';
import { fuzzionPayload } from '../../lib/flow-state';
import { signInFlowQuery } from '../../lib/sign-in-flow';
import { goToTarget } from '../../lib/target';
import { fuzzionDetailsQuery, fuzzionKeys } from './api/fuzzion';
import { Claim } from './components/Claim';
import { Decision } from './components/Decision';
import { Proposal } from './components/Proposal';
import { type ClaimStep, claimStepOf, MERGE_TEXTS } from './merge';

/**
 * `/duplicated` (docs/product.md parts 2 and 4, duplicate merge): another account with a
 * similar username was found at sign-in. The user claims it — proving it is
 * theirs by its card number or its platform's password (`?step=`), or by a
 * code sent to its e-mail or phone (the MFA screens with `isFuzzion`, which
 * come back here) — says it is not them, or ignores it for now; once proven,
 * they merge or keep the accounts apart. The sign-in hands over with `method`
 * (how it was confirmed) and `target` (where it was headed, kept to the end).
 */
export default function DuplicatedScreen() {
  const [params] = useSearchParams();
  // Entered from a sign-in, the merge's payload is its flow's (docs/flows.md): read once.
  const kept = fuzzionPayload.get();
  const flow = useQuery({ ...signInFlowQuery, enabled: kept === null });
  const handed = flow.data?.step === 'merge' ? (flow.data.merge?.payload ?? null) : null;
  if (handed && kept === null) fuzzionPayload.set(handed);
  const payload = kept ?? handed;
  if (!payload && kept === null && flow.isPending) return <Loading />;
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
  const details = useQuery(fuzzionDetailsQuery(payload));

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
    queryClient.setQueryData(fuzzionKeys.details(payload), { status: 200, body: fuzzion });
    step(null);
  };

  /** The merge is over, whichever way: forget it and go where the sign-in was headed. */
  const finish = () => {
    fuzzionPayload.clear();
    queryClient.removeQueries({ queryKey: fuzzionKeys.all });
    void goToTarget(target, navigate);
  };

  /** Handles a failure; answers the message to show, if any. */
  const onFailure = (thrown: unknown): string | null => {
    const failure = errorOf(thrown, MERGE_TEXTS);
    // A wrong proof (422), or no answer at all: the user may try again.
    if (failure.kind === 'rejected' || failure.status === null) return errorText(t, failure);
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
  if (failed || !answer) {
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('flows.fuzzion.failed.title')}</h1>
        <Alert tone="error">{t('flows.fuzzion.errors.technical')}</Alert>
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
