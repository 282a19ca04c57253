import type { MergeView, SignInNext } from '@portal/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { api } from '../../../lib/api';
import {
  drawnFormKey,
  leave,
  mergeFlowKey,
  signInFlowQuery,
  useJourneyStep,
} from '../../../lib/sign-in-flow';

/*
 * The duplicate merge as the browser sees it (docs/flows.md, "Duplicate
 * merge"): the gateway keeps the merge (its payload, in the merge's flow) and
 * answers each step with the page to go to next; the browser keeps nothing of it.
 */

/** The merge under way (`GET /api/merge`), or null (over, expired, gone). Read afresh on arrival. */
export const mergeQuery = queryOptions({
  queryKey: mergeFlowKey,
  queryFn: async (): Promise<MergeView | null> => {
    const res = await api.merge.readMerge();
    return res.status === 200 ? res.body : null;
  },
  refetchOnMount: 'always',
  retry: false,
});

/**
 * Follows a merge step's answer: the merge's own pages through the router
 * (the merge read again), a page after it (the merged session, the target) by
 * a real navigation, which the gateway draws.
 */
function followMerge(answer: SignInNext, queryClient: QueryClient, navigate: NavigateFunction) {
  queryClient.removeQueries({ queryKey: drawnFormKey });
  const path = answer.next.split('?')[0];
  if (path === '/duplicated' || path === '/mfa' || path === '/mfa/methods') {
    if (answer.view) queryClient.setQueryData(signInFlowQuery.queryKey, answer.view);
    else queryClient.removeQueries({ queryKey: signInFlowQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: mergeQuery.queryKey });
    navigate(answer.next, { replace: path === '/duplicated' });
    return;
  }
  queryClient.removeQueries({ queryKey: mergeQuery.queryKey });
  leave.to(answer.next);
}

/** Claims the other account by its card number or its platform's password. */
export const useClaim = () =>
  useJourneyStep(
    (body: { card_number: string } | { password: string; captcha?: string }) =>
      api.merge.claim({ body }),
    followMerge,
  );

/** The merge's end: merge, keep apart (once proven), not me, later. */
export const useDecide = () =>
  useJourneyStep(
    (decision: 'merge' | 'apart' | 'not_me' | 'later') => api.merge.decide({ body: { decision } }),
    followMerge,
  );
