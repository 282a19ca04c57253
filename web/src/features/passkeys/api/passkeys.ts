import type { PortalPasskey } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, goneOrThrow, type Sender } from '../../../lib/api';
import { createPasskey, passkeysKey, signalPasskeys } from '../../../lib/webauthn';

/** After a change: the list of passkeys (`usePasskeys` of lib/webauthn) is read again. */
function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeysKey });
}

/**
 * Adds a passkey of this device under `name` (the options asked for through
 * the step-up, then the browser's ceremony): answers what came of it.
 */
export function useAddPasskey(run: Sender) {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: (name: string) =>
      createPasskey(name, () => run(() => api.passkeys.startRegistration())),
    onSuccess: async (outcome) => {
      if (outcome.ok) await refresh();
    },
  });
}

/**
 * Deletes a passkey (`DELETE /passkeys/:id`, through the step-up; one that is
 * gone already counts as deleted). Answers null when the user closed the check.
 * Once deleted, the browser's password manager is told the passkeys that
 * still count (the Signal API), so that it stops offering this one.
 */
export function useDeletePasskey(run: Sender) {
  const refresh = useRefreshPasskeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (passkey: PortalPasskey) => {
      const res = await run(() => api.passkeys.deletePasskey({ params: { id: passkey.id } }));
      return res && goneOrThrow(res);
    },
    onSuccess: async (res) => {
      if (res) await signalPasskeys('accepted', queryClient);
    },
    onSettled: async (res) => {
      if (res !== null) await refresh();
    },
  });
}

/** Renames a passkey (`PATCH /passkeys/:id`): answers it under its new name. */
export function useRenamePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: ({ passkey, name }: { passkey: PortalPasskey; name: string }) =>
      answerOrThrow(api.passkeys.renamePasskey({ params: { id: passkey.id }, body: { name } })),
    onSuccess: () => void refresh(),
  });
}
