import type { MfaNeeded, SignInRefused } from '@portal/contract';
import { queryOptions, useIsFetching, useMutation } from '@tanstack/react-query';
import { api, queryKeys } from '../../../lib/api';
import { discoverWorkplace } from '../../../lib/sso';

/*
 * The password sign-in's calls (docs/architecture.md, "a call a screen
 * makes"). The first page loads with them: the error module (`lib/errors`)
 * loads only with the first answer that is not a 200 (bundle budget,
 * docs/performance.md).
 */

/**
 * The identity-provider beta company of a login's e-mail domain, or null
 * (`GET /sso/discover`), asked once an address for ten minutes: the sign-in
 * form asks it each time it is sent.
 */
export const workplaceQuery = (login: string) => {
  const email = login.toLowerCase();
  return queryOptions({
    queryKey: queryKeys.ssoDiscover(email),
    queryFn: () => discoverWorkplace(email),
    staleTime: 10 * 60_000,
  });
};

/** Whether a workplace look-up is under way (any address: the form waits for it). */
export const useFindingWorkplace = () =>
  // The first part of `queryKeys.ssoDiscover`, which every address's key shares.
  useIsFetching({ queryKey: queryKeys.ssoDiscover('').slice(0, 1) }) > 0;

/** What a sign-in that was not refused comes to. */
export type SignInStep =
  /** Signed in (what follows, `then`, is done). */
  | { signedIn: true }
  /** A second factor is needed (spec part 4, Login 2): the challenge and the login it is for. */
  | { mfa: MfaNeeded['mfa']; login: string };

/**
 * Signs in with a password (`POST /token`), the captcha's token with it (the
 * gateway has the provider verify it). `username` may still be on its way (a
 * phone number being read into E.164): null means it is not one, and nothing
 * is sent (the answer is null too). A 401 with the MFA challenge is the
 * sign-in's next step, not a failure (spec part 8); any other answer that is
 * not a 200 is thrown. What follows a sign-in (`then`: the user read, the
 * next screen) is part of it: the form stays busy until it is done.
 */
export function useSignIn(then: (signedIn: { weak: boolean }) => Promise<unknown>) {
  return useMutation({
    mutationFn: async (request: {
      username: string | null | Promise<string | null>;
      password: string;
      captcha: string | null;
    }): Promise<SignInStep | null> => {
      const username = await request.username;
      if (!username) return null;
      const { password, captcha } = request;
      const res = await api.auth.createToken({
        body: { grant_type: 'password', username, password, ...(captcha ? { captcha } : {}) },
      });
      if (res.status === 200) {
        await then(res.body);
        return { signedIn: true };
      }
      const { mfaChallengeOf } = await import('../../../lib/errors');
      const mfa = mfaChallengeOf(res);
      if (mfa) return { mfa, login: username };
      throw res;
    },
  });
}

/** The tries left before the pause, when a refused sign-in (400) says the pause is near. */
export function attemptsLeftOf(thrown: unknown): number | null {
  const body = (thrown as { body?: Partial<SignInRefused> } | null)?.body;
  return typeof body?.attempts_left === 'number' ? body.attempts_left : null;
}
