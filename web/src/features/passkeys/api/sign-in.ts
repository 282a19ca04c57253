import { useMutation } from '@tanstack/react-query';
import { authenticateWithPasskey, type PasskeyFailure } from '../../../lib/webauthn';

/** What the browser's passkey ceremony came to (`lib/webauthn`). */
export type PasskeyOutcome = Awaited<ReturnType<typeof authenticateWithPasskey>>;

/**
 * Signs in with a passkey at the press of a button (`POST /passkeys/authentication/options`,
 * the browser's prompt, then `POST /passkeys/authentication`; the button's request replaces one waiting in
 * the e-mail field's autofill, which the library aborts), `target` the sign-in
 * page's, which the gateway checks. `then` is what
 * follows the ceremony (the end of the sign-in), part of the change: the
 * button stays busy until it is done. Answers why it did not sign in, or null.
 */
export const usePasskeySignIn = (
  then: (outcome: PasskeyOutcome) => Promise<PasskeyFailure | null>,
  target: string | null,
) =>
  useMutation({
    mutationFn: async () => then(await authenticateWithPasskey('login', { target })),
  });
