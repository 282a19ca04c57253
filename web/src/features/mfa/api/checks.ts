import type { MfaKind } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, queryKeys } from '../../../lib/api';
import { errorOf, type PortalError } from '../../../lib/errors';
import { fuzzionPayload, mfaPayload } from '../../../lib/flow-state';
import { authenticateWithPasskey } from '../../../lib/webauthn';
import type { ListedMethod, MfaFlags } from '../flow';

/**
 * The methods a step-up offers (`GET /mfa/status`, then `GET /mfa/methods`):
 * the card when it is the primary method, else the user's own methods. Read
 * afresh on each arrival, never from an earlier one: the check starts with
 * what it finds.
 */
export const stepUpMethodsQuery = queryOptions({
  queryKey: ['mfa', 'step-up-methods'] as const,
  queryFn: async ({ signal }): Promise<ListedMethod[]> => {
    const status = await api.auth.mfaStatus({ fetchOptions: { signal } });
    if (status.status === 200 && status.body.need_card) {
      return [{ id: 0, method: 'card', target: null }];
    }
    const own = await answerOrThrow(api.mfa.listMethods({ query: {}, fetchOptions: { signal } }));
    return own.body.filter((m) => m.id > 0);
  },
  gcTime: 0,
  retry: false,
});

/** `expired`: the sign-in or merge is gone, start again; otherwise why no code went out. */
export type StartResult = 'started' | 'expired' | PortalError;

/**
 * Starts the code check by one method: for a sign-in (its 401 payload), a
 * duplicate merge (the fuzzion payload) or a step-up of the signed-in user.
 * `method` null: the primary method (step-up with a single method).
 */
async function startCheck(
  flags: MfaFlags,
  method: ListedMethod | null,
  kinds: MfaKind[],
): Promise<StartResult> {
  if (flags.isFuzzion) {
    const payload = fuzzionPayload.get();
    if (!payload || !method) return 'expired';
    const res = await api.fuzzion.sendCode({
      body: { payload, mfaId: method.id, target: method.id < 0 ? method.target : undefined },
    });
    if (res.status !== 200) {
      // 404: the merge is gone.
      const error = errorOf(res);
      return error.kind === 'notFound' ? 'expired' : error;
    }
    fuzzionPayload.set(res.body.payload);
    mfaPayload.set({
      payload: res.body.payload,
      method: res.body.method.method,
      target: res.body.method.target,
      mfaId: method.id,
      kinds,
    });
    return 'started';
  }
  // A step-up of the signed-in user (a sign-in's codes are its flow's: `SignInSteps.tsx`).
  const res = await api.auth.startSudo({
    query: { single: '1' as const, ...(method ? { mfaId: method.id } : {}) },
  });
  if (res.status !== 200) {
    // 410: the sign-in's payload is spent.
    const error = errorOf(res);
    return error.kind === 'gone' ? 'expired' : error;
  }
  mfaPayload.set({
    payload: res.body.payload,
    method: res.body.method,
    target: res.body.target,
    mfaId: method?.id ?? null,
    kinds,
  });
  return 'started';
}

/** Starts a code check by one method (`startCheck`): whether a code went out, or why not. */
export const useStartCheck = () =>
  useMutation({
    mutationFn: (check: { flags: MfaFlags; method: ListedMethod | null; kinds: MfaKind[] }) =>
      startCheck(check.flags, check.method, check.kinds),
  });

/** The step-up by the user's passkey instead of a code (docs/threat-model.md, 3. Passkey). */
export const usePasskeyStepUp = () =>
  useMutation({ mutationFn: () => authenticateWithPasskey('sudo') });

/** What the code screen sends: the code, and at sign-in whether to trust this device. */
export interface CodeAnswer {
  payload: string;
  code: string;
  isTrustedDevice?: boolean;
  card_number?: string;
}

type Confirmed = Awaited<ReturnType<typeof confirmSudo>>['body'];
const confirmSudo = (body: CodeAnswer) => answerOrThrow(api.auth.confirmSudo({ body }));

/**
 * Checks the code of a sign-in or a step-up (`POST /mfa/sudo`). What follows a
 * right code (`then`: the end of the sign-in, the next screen) is part of the
 * change: the form stays busy until it is done.
 */
export function useConfirmCode(then: (confirmed: Confirmed) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSudo,
    onSuccess: async (res) => {
      mfaPayload.clear();
      await queryClient.invalidateQueries({ queryKey: queryKeys.mfaStatus });
      await then(res.body);
    },
  });
}

type MergeConfirmed = Awaited<ReturnType<typeof confirmMergeCode>>['body'];
const confirmMergeCode = (body: { payload: string; code: string }) =>
  answerOrThrow(api.fuzzion.confirmCode({ body }));

/** Checks a code of the duplicate merge (`POST /fuzzion`); `then` as for `useConfirmCode`. */
export const useConfirmMergeCode = (then: (merge: MergeConfirmed) => Promise<unknown>) =>
  useMutation({
    mutationFn: confirmMergeCode,
    onSuccess: (res) => then(res.body),
  });
