import type { Passkey } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, goneOrThrow, type Sender, sentOrThrow } from '../../../lib/api';
import { keepCopy } from '../../../lib/session';
import { leave } from '../../../lib/sign-in-flow';
import { passkeysKey } from '../../../lib/webauthn';

/**
 * "Lock my account" (`POST /api/account/lockdown`, through the step-up: the
 * account API wants a recent second factor). Every session ends, this one
 * too: the browser forgets the account and loads the page that says what
 * happened (`next`), drawn by the gateway for a signed-out visitor. Answers
 * null when the user closed the step-up.
 */
export function useLockAccount(run: Sender) {
  return useMutation({
    mutationFn: () => sentOrThrow(run, () => api.lockdown.lockAccount()),
    onSuccess: (res) => {
      if (!res) return;
      keepCopy(null);
      leave.to(res.body.next);
    },
  });
}

/** A passkey removed at the review (through the step-up; one gone already counts as removed). */
export function useRemovePasskey(run: Sender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (passkey: Passkey) => {
      const res = await run(() => api.passkeys.deletePasskey({ params: { id: passkey.id } }));
      return res && goneOrThrow(res);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** "Looks right": the review after a lockdown is over (`POST /api/account/security-review`). */
export function useConfirmReview() {
  return useMutation({
    mutationFn: () => answerOrThrow(api.lockdown.confirmSecurityReview()),
  });
}
