import { MFA_SETUP_ROUTES } from './guard-rules';
import { href, routeNameOf } from './routes';
import { leave } from './sign-in-flow';

/**
 * A call answered 403 `mfa_setup_required`: the account must set up a second
 * factor first (docs/flows.md, "Forced MFA"). Off to the setup, this page as
 * its target, as the gateway sends a visit of it; on a page of the setup
 * itself the screen says the refusal instead (never a loop).
 */
export function goToSetup(): void {
  const { pathname, search } = window.location;
  const here = routeNameOf(pathname);
  if (here && MFA_SETUP_ROUTES.has(here)) return;
  leave.to(href('setup-mfa', { redirect: pathname + search }));
}
