import type { SignInNext, SignInRefused } from '@portal/contract';
import { queryOptions, useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, queryKeys } from '../../../lib/api';
import { followStep } from '../../../lib/sign-in-flow';
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

/**
 * Sends the sign-in's first step (`POST /api/sign-in/password`): the login,
 * the password, the captcha's token (the gateway has the provider verify
 * it) and the target the page was opened with (the gateway checks it once).
 * `username` may still be on its way (a phone number being read into
 * E.164): null means it is not one, and nothing is sent (the answer is null
 * too). Any answer that is not a 200 is thrown; a 200 names the next page
 * (the code screen, the method list, or the page after sign-in), which is
 * followed at once: the form stays busy until then.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (request: {
      username: string | null | Promise<string | null>;
      password: string;
      captcha: string | null;
      target: string | null;
    }): Promise<SignInNext | null> => {
      const username = await request.username;
      if (!username) return null;
      const { password, captcha, target } = request;
      const res = await api.signIn.password({
        body: {
          username,
          password,
          ...(captcha ? { captcha } : {}),
          ...(target ? { target } : {}),
        },
      });
      if (res.status !== 200) throw res;
      return res.body;
    },
    onSuccess: (answer) => {
      if (answer) followStep(answer, queryClient, navigate);
    },
  });
}

/** The tries left before the pause, when a refused sign-in (400) says the pause is near. */
export function attemptsLeftOf(thrown: unknown): number | null {
  const body = (thrown as { body?: Partial<SignInRefused> } | null)?.body;
  return typeof body?.attempts_left === 'number' ? body.attempts_left : null;
}
