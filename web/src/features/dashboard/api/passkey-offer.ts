import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answerOrThrow, api, type Sender } from '../../../lib/api';
import { createPasskey, passkeysKey } from '../../../lib/webauthn';

/** Query key of the passkey offer (under the passkeys' key: a passkey change reads it again). */
const offerKey = [...passkeysKey, 'offer'] as const;

/**
 * Whether to offer this session a passkey of this device (`GET
 * /api/passkeys/offer`: opened by a password, none made or used on the
 * device, no "Not now" there). Anything but a yes (a weak session's 403, an
 * error) offers nothing.
 */
export const passkeyOfferQuery = queryOptions({
  queryKey: offerKey,
  queryFn: async () => {
    const res = await api.passkeys.getPasskeyOffer();
    return res.status === 200 && res.body.offer;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** After a passkey is made or the offer declined: the offer and the passkeys are read again. */
function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeysKey });
}

/**
 * Makes a passkey of this device under `name`: with `conditional`, silently
 * through the password manager the person just signed in with (or not at
 * all); else the browser's prompt, the options asked for through `run` (the
 * in-place step-up). Answers what came of it.
 */
export function useCreateOfferedPasskey(run: Sender) {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ name, conditional }: { name: string; conditional: boolean }) =>
      conditional
        ? createPasskey(name, undefined, { conditional: true })
        : createPasskey(name, () => run(() => api.passkeys.startRegistration())),
    onSuccess: async (outcome) => {
      if (outcome.ok) await settled();
    },
  });
}

/** "Not now" (`POST /api/passkeys/offer/decline`): never offered again on this device. */
export function useDeclinePasskeyOffer() {
  const settled = useSettled();
  return useMutation({
    mutationFn: () => answerOrThrow(api.passkeys.declinePasskeyOffer()),
    onSuccess: () => settled(),
  });
}
