import { useMutation } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';
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
 * Replaces a weak password (`POST /user/password/weak`, with the page's
 * `target`): answers the page the sign-in goes on to, as the gateway decided
 * it (spec part 4: a second factor to set up, the checked target, else the
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
