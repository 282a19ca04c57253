import type { User } from '@portal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type NavigateFunction, useNavigate } from 'react-router';
import { changeLocale, currentLocale, localeOfLanguage } from '../i18n/i18n';
import { rememberLanguage, visitLocale } from '../i18n/remember';
import { api, queryKeys } from './api';
import { getConfig } from './config';
import { mfaPayload } from './flow-state';
import { href } from './routes';
import { setSignInNext } from './sign-in-next';
import { checkTarget, screenPath } from './target';
import { setWeakLock } from './weak-lock';

/**
 * Leaves for the post-login target as the gateway checked it (`GET
 * /api/redirect-check`, lib/target.ts): a screen of this app through the
 * router, anything else it allowed (the gateway's `/authorize`, a first-party
 * platform) by a real navigation, else the dashboard. The raw target is never
 * navigated to (no open redirect).
 */
export async function goToTarget(target: string | null, navigate: NavigateFunction): Promise<void> {
  const checked = await checkTarget(target);
  const path = screenPath(checked);
  if (path) navigate(path, { replace: true });
  else if (checked) window.location.assign(checked.url);
  else navigate(href('user.dashboard'), { replace: true });
}

/** The screen of this app the target leads to (else the dashboard), or null when the browser leaves for it. */
async function internalTarget(target: string | null): Promise<string | null> {
  const checked = await checkTarget(target);
  const path = screenPath(checked);
  if (path) return path;
  return checked ? null : href('user.dashboard');
}

/**
 * After sign-in (spec part 4, root on load): the user's language, if the
 * variant offers it, and for the next visit too. A language the person picked
 * during this visit stays on screen instead; the first account page offers it
 * for the account (docs/journeys-signin.md#the-language-chosen-before-signing-in).
 */
async function applyUserLanguage(user: User): Promise<void> {
  const config = getConfig();
  const own = localeOfLanguage(user.language, config.languages);
  if (own) rememberLanguage(own);
  const locale = visitLocale(config.languages) ?? own;
  if (locale && locale !== currentLocale()) await changeLocale(locale);
}

/**
 * What follows every sign-in (password, MFA code, address-hash token): read
 * the user, switch to their language, then (spec part 4, after a correct
 * code) the `via` screen if any, a weak password to weak-password
 * (`verified=true`), a customer who may set up MFA to the offer, and everyone
 * else to the target.
 */
export interface SignedInStep {
  weak: boolean;
  target: string | null;
  /** A screen to show first (TOTP recovery, duplicated); it continues to the target. */
  via?: string | undefined;
}

export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (step: SignedInStep) => finishSignIn(queryClient, navigate, step);
}

export async function finishSignIn(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  { weak, target, via }: SignedInStep,
): Promise<void> {
  mfaPayload.clear();
  // A new session: an earlier one's lockdown does not carry over (the answer says if this one is weak).
  setWeakLock(false);
  const answer = await api.profile.getUser();
  const user = answer.status === 200 ? answer.body.data : null;
  if (user) await applyUserLanguage(user);
  const next = await nextAfterSignIn(user, { weak, target, via });
  await queryClient.invalidateQueries({ queryKey: queryKeys.mfaStatus });
  // The next screen is decided before the app learns who is signed in: told
  // earlier, the route guard sent the user home from the sign-in page while the
  // next screen was still being decided, and the offer to set up MFA could end
  // under the dashboard.
  arriveSignedIn(queryClient, answer, next ?? (await internalTarget(target)), target, navigate);
}

/**
 * Makes the signed-in user known to the app and leaves for `next` (null: the
 * gateway's `/authorize`, for `target`) in one step. The route guard sends a
 * signed-in user away from the public pages (weak-password among them); it
 * sends them to `next` too (`sign-in-next.ts`), so neither navigation undoes
 * the other. The password sign-in no longer comes here: its flow is the
 * gateway's (docs/flows.md).
 */
export function arriveSignedIn(
  queryClient: QueryClient,
  answer: unknown,
  next: string | null,
  target: string | null,
  navigate: NavigateFunction,
): void {
  setSignInNext(next);
  queryClient.setQueryData(queryKeys.user, answer);
  if (next) navigate(next, { replace: true });
  else void goToTarget(target, navigate);
}

/** Where `target` leads once signed in: as `goToTarget` goes there. */
export const targetAfterSignIn = (target: string | null): Promise<string | null> =>
  internalTarget(target);

/**
 * The screen that follows a sign-in before its target (spec part 4, after a
 * correct code), or null for the target itself.
 */
async function nextAfterSignIn(
  user: User | null,
  { weak, target, via }: SignedInStep,
): Promise<string | null> {
  if (via) return via;
  if (weak || (user && (user.password_status === 1 || user.password_status === 2))) {
    return href('weak-password', { verified: 'true', ...(target ? { target } : {}) });
  }
  if (user?.mfa_customer && !user.mfa_forced) {
    // Spec part 4: a customer who may skip MFA setup is offered it while they have no method.
    const methods = await api.mfa.listMethods({ query: {} });
    if (methods.status === 200 && methods.body.length === 0) {
      return href('setup-mfa', target ? { redirect: target } : undefined);
    }
  }
  return null;
}
