import type { RecoveryNext } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { answerOrThrow, api } from '../../../lib/api';
import { followRecovery } from '../../../lib/recovery-flow';
import { useJourneyStep } from '../../../lib/sign-in-flow';
import { setWeakLock } from '../../../lib/weak-lock';

/*
 * The recovery journeys' steps (docs/flows.md, "Recovery"): each sends the
 * step the page's form would send, as JSON, and follows the `next` the
 * gateway answers. The busy and error state are the mutation's.
 */

const useStep = <V>(send: (vars: V) => Promise<{ status: number; body: unknown }>) =>
  useJourneyStep<V, RecoveryNext>(send, followRecovery);

/** Forgot password: the login (a new journey); a code goes to its account, if any. */
export const useStartReset = () =>
  useStep((body: { by: 'email' | 'phone'; login: string; captcha?: string; target?: string }) =>
    api.recovery.start({ body }),
  );

/** "Check your messages": the code, checked without using it up. */
export const useCheckResetCode = () =>
  useStep((code: string) => api.recovery.code({ body: { code } }));

/** The new password: saved, then signed in (the second factor when the account asks it). */
export const useSetNewPassword = () =>
  useStep((password: string) => api.recovery.password({ body: { password } }));

/** A new code, by the same channel or the other one; answers whether one went out. */
export function useResendResetCode() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (technology?: 'email' | 'sms') => {
      const res = await api.recovery.resend({ body: technology ? { technology } : {} });
      if (res.status !== 200) throw res;
      followRecovery(res.body, queryClient, navigate);
      return true;
    },
  });
}

/** Forgot username: the card, activation code or national register number. */
export const useFindUsernames = () =>
  useStep((body: { by: 'card' | 'nrn'; number: string }) => api.recovery.findUsernames({ body }));

/**
 * Replaces a weak password (`POST /user/password/weak`, with the page's
 * `target`): answers the page the sign-in goes on to, as the gateway decided
 * it (docs/product.md part 4: a second factor to set up, the checked target, else the
 * dashboard), also when the password was no longer weak (409). Either way the
 * session is no longer confined.
 */
export function useReplaceWeakPassword(target: string | null) {
  return useMutation({
    mutationFn: async (password: string): Promise<string> => {
      const res = await api.profile.replaceWeakPassword({
        body: { password, ...(target ? { target: target.slice(0, 2000) } : {}) },
      });
      if (res.status === 409) return res.body.next;
      return (await answerOrThrow(res)).body.next;
    },
    onSuccess: () => setWeakLock(false),
  });
}
