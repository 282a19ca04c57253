import { isFirstPartyClient, isWeakPasswordStatus } from '@portal/contract/session-rules';
import { href, type RouteName } from './routes';

/**
 * The route guards of docs/product.md part 4 as plain functions: given where the user is
 * going, where they come from and who they are, say what happens. The
 * `RouteGuard` component only gathers these inputs and carries out the answer.
 */

/** docs/product.md part 4: routes for people who are not signed in; a signed-in user goes home. */
export const PUBLIC_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'login.email',
  'login.phone',
  'forgot-password',
  'forgot-password.email',
  'forgot-password.phone',
  'forgot-password-sent',
  'reset-password',
  'reset-password-confirmed',
  'weak-password',
  // Recovering a username belongs with recovering a password: nothing to do once signed in.
  'forgot-username',
  'forgot-username-response',
  'onboarding',
  'onboarding.card',
  'onboarding.existingCard',
  'onboarding.code',
  'onboarding.create',
  'onboarding.confirmation',
  'onboarding.password',
  'onboarding.phone-verification',
  'onboarding.email-verification',
  'partner.link-existing',
  'partner.no-account',
  'sso.callback',
]);

/** Routes open to everyone, signed in or not. */
const OPEN_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'maintenance',
  'legal.terms',
  'legal.privacy',
  'lock-account',
  'lock-account.done',
]);

/** docs/product.md part 4: routes that need a recent MFA check (`/mfa/status` sudo). */
export const SENSITIVE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'security.mfa-edit',
  'security.edit-recovery',
  'security.edit-password',
  'profile.edit-credentials',
  'partner.link-success',
  // Your data (docs/flows.md): a copy of the account, and its deletion.
  'profile.data',
  'profile.delete',
]);

/** The MFA setup routes: a forced user may stay on them; leaving them signs out. */
export const MFA_SETUP_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'setup-mfa',
  'setup-mfa.selection',
  'setup-mfa.phone',
  'setup-mfa.email',
  'setup-mfa.totp',
  'setup-mfa.confirmation',
  'setup-mfa.success',
  'setup-totp.success',
  'totp.redirect',
]);

/** The MFA code routes, also open during a sign-in that waits for its code. */
export const MFA_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'mfa',
  'mfa-methods',
  'mfa-totp-recovery',
]);

/**
 * docs/product.md part 4: where a forced user is not sent to MFA setup. Of the
 * pages that need a session, these are the contract's `SETUP_FIRST_PAGES`,
 * which the gateway holds the session to (its test says so).
 */
const FORCED_MFA_EXEMPT: ReadonlySet<RouteName> = new Set<RouteName>([
  ...MFA_SETUP_ROUTES,
  ...MFA_ROUTES,
  ...PUBLIC_ROUTES,
  'duplicated',
  'fuzzion-success',
  'maintenance',
  // A locked account's review of its passkeys and second factors comes before the setup.
  'security.review',
  // Only a partner's client asks for consent: its sign-in is never diverted to MFA setup.
  'approve',
]);

/**
 * `edit-info` is reached only from the profile, otherwise the user goes to
 * the profile. (docs/product.md part 4's onboarding order is kept by the gateway's
 * onboarding flow: docs/flows.md, "Onboarding".)
 */
export const ALLOWED_FROM: Partial<Record<RouteName, readonly RouteName[]>> = {
  'profile.edit-info': ['profile'],
};

/** What the guard knows about the signed-in user (docs/product.md part 3, User). */
export interface GuardUser {
  mfa_forced: boolean;
  password_status: number;
}

export interface GuardInput {
  /** The route being entered; null for a path the route table does not know. */
  to: RouteName | null;
  /** The route shown before, for the order rules; null on arrival. */
  from: RouteName | null;
  /** The path and query being entered (kept as the sign-in target). */
  path: string;
  user: GuardUser | null;
  /** The client_id of the partner app the user is headed to, if any. */
  targetClientId: string | null;
  /** The gateway answered 403 `weak_password`: the session is a weak one, whatever the user copy says. */
  weakLocked?: boolean;
}

export type GuardDecision =
  | { kind: 'render' }
  /** Render once a recent MFA check is confirmed; otherwise step up first. */
  | { kind: 'stepUp' }
  | { kind: 'redirect'; to: string }
  /** Sign out, then go to `to`. */
  | { kind: 'logout'; to: string };

export const isWeak = (user: GuardUser) => isWeakPasswordStatus(user.password_status);

/** docs/product.md part 4: forced MFA applies when there is no target client or it is first-party. */
export const forcedMfaApplies = (user: GuardUser, targetClientId: string | null) =>
  user.mfa_forced && (targetClientId === null || isFirstPartyClient(targetClientId));

export function isAllowedFrom(to: RouteName, from: RouteName | null): boolean {
  const allowed = ALLOWED_FROM[to];
  // Staying on a route (its query changes) is not arriving from elsewhere.
  return !allowed || from === to || (from !== null && allowed.includes(from));
}

const render: GuardDecision = { kind: 'render' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export function decide(input: GuardInput): GuardDecision {
  const { to, from, user } = input;
  const weak = user !== null && (isWeak(user) || input.weakLocked === true);
  if (to === null) return redirect(href('home'));
  // Open to everyone, signed in or not: maintenance, the legal documents, and the lock
  // link of a "this wasn't me" e-mail, which may be opened in any browser (docs/flows.md).
  if (OPEN_ROUTES.has(to)) return render;
  // The deletion request just ended the session: what it said is shown whatever the app still knows.
  if (to === 'deletion-requested') return render;

  if (!isAllowedFrom(to, from)) {
    return redirect(href('profile'));
  }

  if (PUBLIC_ROUTES.has(to)) {
    if (!user) return render;
    // A weak password signs the user in only to replace it (docs/product.md part 4, Login 5).
    if (to === 'weak-password' && weak) return render;
    // The last onboarding step signs the new user in; its confirmation (drawn by the
    // gateway only when the onboarding's flow is there) still shows how the activation went.
    if (to === 'onboarding.confirmation') return render;
    // Every door goes on by a real navigation to the page the gateway decided: a signed-in
    // visit to a signed-out page goes home.
    return redirect(href('home'));
  }

  if (!user) {
    // A partner never followed (docs/product.md part 8's message) is said to anyone, signed in or not.
    if (
      to === 'approve' &&
      new URL(input.path, 'http://portal.invalid').searchParams.has('error')
    ) {
      return render;
    }
    // A sign-in's second-factor steps: the gateway's flow decides what they show, a sign-in
    // that is over included (docs/flows.md).
    if (to === 'mfa' || to === 'mfa-methods') return render;
    return redirect(href('login.email', { target: input.path }));
  }

  // Back to where the user was going once the password is replaced.
  if (weak) {
    return redirect(href('weak-password', { verified: 'true', target: input.path }));
  }

  if (forcedMfaApplies(user, input.targetClientId) && !FORCED_MFA_EXEMPT.has(to)) {
    if (from !== null && MFA_SETUP_ROUTES.has(from))
      return { kind: 'logout', to: href('login.email') };
    // As the gateway sends a visit there: the page asked for is the setup's target.
    return redirect(href('setup-mfa', { redirect: input.path }));
  }

  if (SENSITIVE_ROUTES.has(to)) return { kind: 'stepUp' };
  return render;
}

/**
 * The partner app a user is headed to: `client_id` of the address itself, or
 * of the `/authorize` target it carries (`target`, `redirect`).
 */
export function targetClientOf(search: string): string | null {
  const params = new URLSearchParams(search);
  const direct = params.get('client_id');
  if (direct) return direct;
  for (const key of ['target', 'redirect']) {
    const value = params.get(key);
    if (!value) continue;
    try {
      const id = new URL(value, 'http://portal.invalid').searchParams.get('client_id');
      if (id) return id;
    } catch {
      // Not a URL: no client in it.
    }
  }
  return null;
}

/** docs/product.md part 4: partner-login is flagged when the target's client is not first-party. */
export const isPartnerLogin = (search: string) => {
  const client = targetClientOf(search);
  return client !== null && !isFirstPartyClient(client);
};
