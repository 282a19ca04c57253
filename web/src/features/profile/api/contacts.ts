import type { ContactEntry } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, type Sender, sendAtOnce, sentOrThrow } from '../../../lib/api';
import { useMethodsChange } from '../../../lib/mfa-methods';

/** A new e-mail address or phone number, and whether it receives codes. */
export type NewContact = { email: string; mfa: boolean } | { phone: string; mfa: boolean };

/**
 * Adds an address or number (`POST /user/login`, through the step-up): a code
 * goes to it; the user is read again, the new entry unverified in it.
 */
export function useAddContact(run: Sender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewContact) => sentOrThrow(run, () => api.profile.addLogin({ body })),
    onSuccess: (res) => {
      if (res) void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

/** Confirms an address or number with its code (`POST /user/login/confirm`). */
export const useConfirmContact = () =>
  useMethodsChange(sendAtOnce, (body: { payload: string; code: string }) =>
    api.profile.confirmLogin({ body }),
  );

/** A new code for an unverified entry (`POST /user/contacts/:id/verify`, through the step-up). */
export const useResendContactCode = (run: Sender) =>
  useMutation({
    mutationFn: (entry: ContactEntry) =>
      sentOrThrow(run, () => api.profile.resendContactCode({ params: { id: entry.id } })),
  });

/** Deletes an entry (`DELETE /user/contacts/:id`, through the step-up). */
export const useDeleteContact = (run: Sender) =>
  useMethodsChange(run, (entry: ContactEntry) =>
    api.profile.deleteContact({ params: { id: entry.id } }),
  );

/** Makes an entry the primary one (`POST /user/contacts/:id/primary`, through the step-up). */
export const useMakeContactPrimary = (run: Sender) =>
  useMethodsChange(run, (entry: ContactEntry) =>
    api.profile.makeContactPrimary({ params: { id: entry.id } }),
  );
