import type { OnboardingNext, OnboardingRefusal, OnboardingView } from '@portal/contract';
import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { api } from './api';
import { leave } from './sign-in-flow';

/*
 * The onboarding journey as the browser sees it (docs/flows.md,
 * "Onboarding"): the gateway keeps it (its flow) and answers each step with
 * the page to go to next; the browser keeps nothing of it, not in storage,
 * not in an address. What a step's page draws is read from the flow: with
 * the drawn page (its data block), with a step's answer, or by
 * `GET /api/onboarding-flow`.
 */

/** The onboarding under way in this browser, or null (none, expired, complete). */
export const onboardingFlowQuery = queryOptions({
  queryKey: ['onboarding-flow'] as const,
  queryFn: async (): Promise<OnboardingView | null> => {
    const res = await api.onboardingFlow.read();
    return res.status === 200 ? res.body : null;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** A step's form sent without script and refused: the page drawn again says why, at its field. */
export interface OnboardingForm {
  /** The page it belongs to. */
  path: string;
  status: number;
  refusal: OnboardingRefusal;
  /** Retry-After of a pause, in seconds. */
  retryAfter?: number | undefined;
  /** What was typed that the page shows again (never a password or a code). */
  values: Record<string, string>;
}

/** What the gateway draws into an onboarding page: its flow's view, and a refused form. */
export interface OnboardingDraw {
  view: OnboardingView | null;
  form?: OnboardingForm;
}

/** Where a drawn page's refused form is kept: the render's (and the page's) own query cache. */
export const onboardingFormKey = ['onboarding-form'] as const;

/** The refused form drawn into the page at `path`, if any (read once, as it was drawn). */
export function useOnboardingForm(path: string): OnboardingForm | null {
  const form = useQueryClient().getQueryData<OnboardingForm>(onboardingFormKey);
  return form?.path === path ? form : null;
}

/** The journey's state a drawn page starts with, put where its screens read it. */
export function startOnboardingPage(draw: OnboardingDraw, client: QueryClient): void {
  client.setQueryData(onboardingFlowQuery.queryKey, draw.view);
  if (draw.form) client.setQueryData(onboardingFormKey, draw.form);
}

/**
 * Follows a step's answer: the onboarding's own pages through the router,
 * with what they draw already known; the dashboard (the journey is over) by
 * a real navigation, which the gateway draws for the signed-in user.
 */
export function followOnboarding(
  answer: OnboardingNext,
  queryClient: QueryClient,
  navigate: NavigateFunction,
): void {
  queryClient.removeQueries({ queryKey: onboardingFormKey });
  if (answer.view && answer.next.startsWith('/onboarding')) {
    queryClient.setQueryData(onboardingFlowQuery.queryKey, answer.view);
    navigate(answer.next);
    return;
  }
  queryClient.setQueryData(onboardingFlowQuery.queryKey, answer.view);
  if (answer.next.startsWith('/onboarding')) navigate(answer.next);
  else leave.to(answer.next);
}
