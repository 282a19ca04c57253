import type { RecoveryNext, RecoveryView, UsernamesView } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { api } from './api';
import { drawnFormKey, followStep, journeyQuery, leave } from './sign-in-flow';

/*
 * Forgot password and forgot username as the browser sees them (docs/flows.md,
 * "Recovery"): the gateway keeps each journey (its flow) and answers each
 * step with the page to go to next; the browser keeps nothing of it. What a
 * step's page draws (where the code went, the usernames found) is read from
 * the flow: with the drawn page (its data block), with a step's answer, or
 * by `GET /api/recovery` and `GET /api/forgot-username`.
 */

/** The password reset under way in this browser, or null (none, expired, complete). */
export const recoveryFlowQuery = journeyQuery<'recovery-flow', RecoveryView>('recovery-flow', () =>
  api.recovery.readRecovery(),
);

/** The usernames forgot-username found in this browser, or null (none looked up, expired). */
export const usernamesQuery = journeyQuery<'forgot-username', UsernamesView>(
  'forgot-username',
  () => api.recovery.readUsernames(),
);

const RESET_PAGES = new Set(['/forgot-password-sent', '/reset-password']);

/**
 * Follows a recovery step's answer: the reset's own pages through the
 * router, with what they draw already known; the sign-in's second factor
 * (handed over after the new password) as the sign-in follows it; the
 * usernames' page, read from its flow; a page after a sign-in by a real
 * navigation, which the gateway draws for the signed-in user.
 */
export function followRecovery(
  answer: RecoveryNext,
  queryClient: QueryClient,
  navigate: NavigateFunction,
): void {
  queryClient.removeQueries({ queryKey: drawnFormKey });
  const path = answer.next.split('?')[0] ?? '';
  if (answer.view && RESET_PAGES.has(path)) {
    queryClient.setQueryData(recoveryFlowQuery.queryKey, answer.view);
    // A new code on "Check your messages" stays on it: no second entry in the history.
    navigate(answer.next, { replace: window.location.pathname === path });
    return;
  }
  queryClient.removeQueries({ queryKey: recoveryFlowQuery.queryKey });
  if (path === '/forgot-username-response') {
    queryClient.removeQueries({ queryKey: usernamesQuery.queryKey });
    navigate(answer.next);
    return;
  }
  if (answer.signIn) {
    followStep({ next: answer.next, view: answer.signIn }, queryClient, navigate);
    return;
  }
  leave.to(answer.next);
}
