import type { MfaKind } from '@portal/contract';
import { href, type RouteName, routeNameOf } from '../../lib/routes';

/** docs/product.md part 5: 8 digits by e-mail, SMS (and the card's code), 6 for the app; recovery keys longer. */
export function codeLength(kind: MfaKind): number {
  if (kind === 'totp') return 6;
  if (kind === 'totpRecovery') return 32;
  return 8;
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
 * sensitive route belongs to, or the page that asked; the dashboard when
 * neither is known. `checked` is the step-up's target as the gateway
 * resolved and checked it (its flow's), never a raw address.
 */
export function stepUpCancelHref(checked: string | null): string {
  if (!checked) return href('user.dashboard');
  const name = routeNameOf(checked.split(/[?#]/)[0] ?? checked);
  const parent = name ? STEP_UP_PARENT[name] : undefined;
  return parent ? href(parent) : checked;
}
