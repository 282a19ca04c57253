import type { IBAN_COUNTRIES, ProfileUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, queryKeys, type Sender, sentOrThrow } from '../../../lib/api';
import { signalPasskeys } from '../../../lib/webauthn';

/**
 * Saves the personal information (`PATCH /user`); the user is read again. A
 * changed name is signalled to the browser's password manager (the Signal
 * API), which then shows the account's passkeys under it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => answerOrThrow(api.profile.updateUser({ body })),
    onSuccess: async (_res, body) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      // Not waited for: the screen goes on while the list is read.
      if (body.firstname !== undefined || body.lastname !== undefined) {
        void signalPasskeys('details', queryClient);
      }
    },
  });
}

/** Saves the IBAN and its country (`PUT /user/iban`, through the step-up); the user is read again. */
export function useUpdateIban(run: Sender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { iban: string; country: (typeof IBAN_COUNTRIES)[number] }) =>
      sentOrThrow(run, () => api.profile.updateIban({ body })),
    onSuccess: async (res) => {
      if (res) await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
