import type { MfaKind, MfaMethod } from '@portal/contract';
import { href, type RouteName, routeNameOf, routes } from '../../lib/routes';
import { screenPath, useCheckedTarget } from '../../lib/target';

/**
 * The query both MFA screens carry (docs/product.md part 2: mfa-methods takes redirect,
 * isFuzzion, methods, isLogin and single=true on step-up; action and
 * targetMfaId go with a named redirect).
 */
export interface MfaFlags {
  isLogin: boolean;
  isFuzzion: boolean;
  single: boolean;
  redirect: string | null;
  action: string | null;
  targetMfaId: string | null;
}

const on = (value: string | null) => value === 'true' || value === '1';

export function flagsOf(params: URLSearchParams): MfaFlags {
  return {
    isLogin: on(params.get('isLogin')),
    isFuzzion: on(params.get('isFuzzion')),
    single: on(params.get('single')),
    redirect: params.get('redirect'),
    action: params.get('action'),
    targetMfaId: params.get('targetMfaId'),
  };
}

export { isSignInStep } from '../../lib/sign-in-flow';

/** The flags as a query, to pass from one MFA screen to the next. */
export function flagsQuery(flags: MfaFlags): Record<string, string | undefined> {
  // `choose` is not carried: only "Use another method" asks for the list.
  return {
    isLogin: flags.isLogin ? 'true' : undefined,
    isFuzzion: flags.isFuzzion ? 'true' : undefined,
    single: flags.single ? 'true' : undefined,
    redirect: flags.redirect ?? undefined,
    action: flags.action ?? undefined,
    targetMfaId: flags.targetMfaId ?? undefined,
  };
}

/** A method as the `methods` query lists it. */
export type ListedMethod = Pick<MfaMethod, 'id' | 'method' | 'target'> & { primary?: boolean };

/**
 * The method a code check starts with, without asking (docs/journeys-signin.md):
 * the primary one, as Security promises ("your primary method is used
 * first"); null when none is marked (the person chooses).
 */
export function primaryOf(methods: readonly ListedMethod[]): ListedMethod | null {
  return methods.find((m) => m.primary && m.method !== 'totpRecovery') ?? null;
}

export function methodsOf(params: URLSearchParams): ListedMethod[] | null {
  const raw = params.get('methods');
  if (!raw) return null;
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return null;
    return list.filter(
      (m): m is ListedMethod =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as ListedMethod).id === 'number' &&
        typeof (m as ListedMethod).method === 'string',
    );
  } catch {
    return null;
  }
}

/** docs/product.md part 5: 8 digits by e-mail, SMS (and the card's code), 6 for the app; recovery keys longer. */
export function codeLength(kind: MfaKind): number {
  if (kind === 'totp') return 6;
  if (kind === 'totpRecovery') return 32;
  return 8;
}

/**
 * docs/product.md part 2: back and change-method only with more than one non-e-mail
 * method; at sign-in, and on a step-up (which offers the same choice as
 * sign-in), more than one method of any kind.
 */
export function canChangeMethod(kinds: MfaKind[], anyKind: boolean): boolean {
  const counted = anyKind ? kinds : kinds.filter((k) => k !== 'email');
  return counted.length > 1;
}

/** The page a sensitive route belongs to: where a cancelled step-up goes back to. */
const STEP_UP_PARENT: Partial<Record<RouteName, RouteName>> = {
  'security.mfa-edit': 'security',
  'security.edit-recovery': 'security',
  'security.edit-password': 'security',
  'profile.edit-credentials': 'profile',
  'partner.link-success': 'user.dashboard',
};

/**
 * Cancelling a step-up returns to where the user was: the page the
 * sensitive route belongs to, or the page that asked (an action's step-up
 * returns to its own page); the dashboard when neither is known. `checked` is
 * the `redirect` as the gateway checked it (`useRedirectPath`), never the raw one.
 */
export function stepUpCancelHref(checked: string | null): string {
  if (!checked) return href('user.dashboard');
  const name = routeNameOf(checked.split(/[?#]/)[0] ?? checked);
  const parent = name ? STEP_UP_PARENT[name] : undefined;
  return parent ? href(parent) : checked;
}

/**
 * The path of this app a step's `redirect` leads to, as the gateway checked it
 * (lib/target.ts): null while it is asked, when it is refused, or when the
 * redirect names a route (`namedRoute`) rather than giving a path; `pending`
 * while the gateway is asked.
 */
export function useRedirectPath(redirect: string | null): {
  pending: boolean;
  path: string | null;
} {
  const checked = useCheckedTarget(namedRoute(redirect) ? null : redirect);
  return { pending: checked.pending, path: screenPath(checked.target) };
}

/** A redirect that names a route (`security.mfa-edit`) rather than giving a path. */
export function namedRoute(redirect: string | null): RouteName | null {
  return redirect && redirect in routes ? (redirect as RouteName) : null;
}
