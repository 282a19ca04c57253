import type { RecoveryRefusal, SignInNext, SignInStepRefusal, SignInView } from '@portal/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type NavigateFunction, useNavigate } from 'react-router';
import { api } from './api';

/*
 * The sign-in journey as the browser sees it (docs/flows.md, "Sign-in"):
 * the gateway keeps the journey (its flow) and answers each step with the
 * page to go to next; the browser keeps nothing of it. What a step's page
 * draws (the methods, where the code went) is read from the flow: with the
 * drawn page (its data block), with a step's answer, or by `GET /api/sign-in`.
 */

/**
 * A journey's flow as its pages read it (`GET` of the journey's flow-read):
 * its view, or null when there is none (never started, expired, complete).
 * Kept as long as the page is: a step's answer or the drawn page sets it.
 */
export const journeyQuery = <K extends string, T>(
  key: K,
  read: () => Promise<{ status: number; body: unknown }>,
) =>
  queryOptions({
    queryKey: [key] as const,
    queryFn: async (): Promise<T | null> => {
      const res = await read();
      return res.status === 200 ? (res.body as T) : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The second-factor steps under way in this browser (`/mfa`, `/mfa/methods`):
 * a sign-in's, a signed-in user's step-up's or a merge's (`view.journey`), or
 * null (none, expired, complete).
 */
export const signInFlowQuery = journeyQuery<'sign-in-flow', SignInView>('sign-in-flow', () =>
  api.signIn.readSignIn(),
);

/**
 * A journey's step as the enhanced page sends it: the step its form would
 * send, as JSON, then the `next` the gateway answers followed (`follow`).
 * The busy and error state are the mutation's; a refusal is thrown as the answer it was.
 */
export function useJourneyStep<V, A>(
  send: (vars: V) => Promise<{ status: number; body: unknown }>,
  follow: (answer: A, queryClient: QueryClient, navigate: NavigateFunction) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (vars: V): Promise<A> => {
      const res = await send(vars);
      if (res.status !== 200) throw res;
      return res.body as A;
    },
    onSuccess: (answer) => follow(answer, queryClient, navigate),
  });
}

/** What a step page drawn for a form sent without script shows: the refusal, and what was typed. */
export interface DrawnForm {
  /** The page it belongs to. */
  path: string;
  refusal: SignInStepRefusal | (RecoveryRefusal & { attempts_left?: undefined });
  /** Retry-After of a pause, in seconds. */
  retryAfter?: number | undefined;
  /** What was typed that the page shows again (never the password or the code). */
  values: { username?: string; number?: string; by?: string };
}

/** Where the duplicate merge's view is kept (`features/fuzzion/api/fuzzion.ts` reads it). */
export const mergeFlowKey = ['merge-flow'] as const;

/** Where a drawn page's form outcome is kept: the render's (and the page's) own query cache. */
export const drawnFormKey = ['sign-in-form'] as const;

/** The outcome of a form sent without script, for the page at `path` (read once, as it was drawn). */
export function useDrawnForm(path: string): DrawnForm | null {
  const form = useQueryClient().getQueryData<DrawnForm>(drawnFormKey);
  return form?.path === path ? form : null;
}

/** A drawn page's refusal as the answer it was (for the one error mapping, `errorOf`). */
export function drawnAnswer(form: DrawnForm | null) {
  if (!form) return null;
  const status = form.refusal.code === 'flow_gone' ? 410 : form.retryAfter ? 429 : 400;
  const headers = new Headers();
  if (form.retryAfter) headers.set('retry-after', String(form.retryAfter));
  return { status, body: form.refusal, headers };
}

/** Leaves the app for a page the gateway serves (a function apart, so tests can watch it). */
export const leave = {
  to(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Follows a step's answer: the sign-in's own pages through the router, with
 * what they draw already known (no list shown while it loads); a page after
 * the sign-in (a session has started) by a real navigation, which the
 * gateway draws for the signed-in user.
 */
export function followStep(
  answer: SignInNext,
  queryClient: QueryClient,
  navigate: NavigateFunction,
): void {
  queryClient.removeQueries({ queryKey: drawnFormKey });
  const path = answer.next.split('?')[0];
  if (answer.view && (path === '/mfa' || path === '/mfa/methods')) {
    queryClient.setQueryData(signInFlowQuery.queryKey, answer.view);
    navigate(answer.next);
    return;
  }
  queryClient.removeQueries({ queryKey: signInFlowQuery.queryKey });
  leave.to(answer.next);
}
