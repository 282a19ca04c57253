import { useMutation } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';
import { errorOf } from '../../../lib/errors';
import { type ForgotState, forgotPassword, forgotUsername } from '../../../lib/flow-state';
import { setWeakLock } from '../../../lib/weak-lock';

/**
 * Asks for a reset code (`POST /user/forgot-password`), by the login's own
 * channel or by `technology`; the reset under way is kept for the next
 * screens. `login` may still be on its way (a phone number being read): null
 * means it is not one, and nothing is sent (the answer is null too).
 */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: async (request: {
      login: string | null | Promise<string | null>;
      technology?: 'email' | 'sms';
    }): Promise<ForgotState | null> => {
      const login = await request.login;
      if (!login) return null;
      const { technology } = request;
      const res = await answerOrThrow(
        api.onboarding.forgotPassword({ body: { login, ...(technology ? { technology } : {}) } }),
      );
      const state = { login, ...res.body };
      forgotPassword.set(state);
      return state;
    },
  });

/** Checks the reset code before the new password is asked for (`POST /user/reset-password/check`). */
export const useCheckResetCode = () =>
  useMutation({
    mutationFn: (body: { payload: string; code: string }) =>
      answerOrThrow(api.onboarding.checkResetCode({ body })),
  });

/** Sets the new password with the checked code (`POST /user/reset-password`). */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { payload: string; code: string; password: string }) =>
      answerOrThrow(api.onboarding.resetPassword({ body })),
  });

/**
 * The usernames of a card, activation code or national register number
 * (`POST /user/forgot-username`), kept for the next screen.
 */
export const useForgotUsername = () =>
  useMutation({
    mutationFn: async (
      body:
        | { card_number: string }
        | { activation_code: string }
        | { national_register_number: string },
    ) => {
      const res = await answerOrThrow(api.onboarding.forgotUsername({ body }));
      forgotUsername.set(res.body.usernames);
      return res;
    },
  });

/**
 * Replaces a weak password (`POST /user/password/weak`): answers the saved
 * user, or null when the password was no longer weak (409): the screen reads
 * the user again. Either way the session is no longer confined.
 */
export function useReplaceWeakPassword() {
  return useMutation({
    mutationFn: (password: string) =>
      answerOrThrow(api.profile.replaceWeakPassword({ body: { password } })).catch((thrown) => {
        if (errorOf(thrown).kind === 'conflict') return null;
        throw thrown;
      }),
    // The screen makes the user known again as it leaves (`arriveSignedIn`).
    onSuccess: () => setWeakLock(false),
  });
}
