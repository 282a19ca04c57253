import { errorOf } from './errors';
import { MFA_SETUP_ROUTES } from './guard-rules';
import { setMaintenance } from './maintenance';
import { href, routeNameOf } from './routes';
import { leave } from './sign-in-flow';
import { setWeakLock } from './weak-lock';

/**
 * What a failed call does to the whole app, whichever screen made it (the
 * query client's `onError`; loaded with the first failure, not with the
 * first page): 503 `maintenance` shows the maintenance screen, 403
 * `weak_password` the password's replacement (the session may do nothing
 * else), 403 `mfa_setup_required` the second factor's setup.
 */
export function afterFailure(error: unknown): void {
  const failure = errorOf(error);
  if (failure.kind === 'maintenance') setMaintenance(true);
  if (failure.code === 'weak_password') setWeakLock(true);
  if (failure.code === 'mfa_setup_required') goToSetup();
}

/**
 * The account must set up a second factor first (docs/flows.md, "Forced
 * MFA"): off to the setup, this page as its target, as the gateway sends a
 * visit of it; on a page of the setup itself the screen says the refusal
 * instead (never a loop).
 */
export function goToSetup(): void {
  const { pathname, search } = window.location;
  const here = routeNameOf(pathname);
  if (here && MFA_SETUP_ROUTES.has(here)) return;
  leave.to(href('setup-mfa', { redirect: pathname + search }));
}
