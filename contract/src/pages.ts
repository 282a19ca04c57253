/** The second factor's setup, its pages (a session's). */
const MFA_SETUP_PAGES = [
  '/setup-mfa',
  '/setup-mfa/selection',
  '/setup-mfa/phone',
  '/setup-mfa/email',
  '/setup-mfa/totp',
  '/setup-mfa/confirmation',
  '/setup-mfa/success',
  '/setup-totp/success',
  '/totp/redirect',
] as const;

/**
 * The portal's pages that only a signed-in person sees (docs/product.md part 2's routes;
 * docs/flows.md, "Pages that need a session"). The gateway answers a visit
 * without a session (a bookmark, a link in an e-mail) with a redirect into
 * the sign-in, the page as its target, before any of the app arrives; the web
 * app's guard sends an in-app navigation there the same way
 * (`web/src/lib/guard-rules.ts`, whose test holds it to this list).
 *
 * Not here: the entry pages and every step of a journey before a session
 * (sign-in, its second factor, recovery, onboarding, the duplicate merge,
 * the workplace link), whose flows decide what they show, and the consent
 * page (`/approve`), which its own flow sends to the partner's sign-in.
 */
export const SESSION_PAGES = [
  '/user/dashboard',
  '/user/access',
  '/user/notifications',
  '/profile',
  '/profile/edit-info',
  '/profile/edit-credentials',
  '/security',
  '/security/mfa-edit',
  '/security/edit-recovery',
  '/security/edit-password',
  '/security/history',
  '/security/passkeys',
  '/security/trusted-devices',
  '/security/review',
  '/partner',
  '/partner/request-access',
  ...MFA_SETUP_PAGES,
] as const;

const SESSION_PAGE_SET: ReadonlySet<string> = new Set(SESSION_PAGES);

/** A path (decoded, without query) as the lists name it: a trailing slash counts. */
const listed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);

/** Whether `pathname` (decoded, without query) is a page that needs a session; a trailing slash counts. */
export function needsSession(pathname: string): boolean {
  return SESSION_PAGE_SET.has(listed(pathname));
}

/**
 * The pages that need a session which an account that must set up a second
 * factor first may still see (docs/flows.md, "Forced MFA"): the setup's own,
 * and the review of a locked account's passkeys and second factors, which
 * comes before it. The gateway sends such a session from any other page of
 * `SESSION_PAGES` to `/setup-mfa` (its API refuses the other calls with 403
 * `mfa_setup_required`); the web app's guard does the same in the app
 * (`web/src/lib/guard-rules.ts`, whose test holds it to this list).
 */
export const SETUP_FIRST_PAGES = [...MFA_SETUP_PAGES, '/security/review'] as const;

const SETUP_FIRST_SET: ReadonlySet<string> = new Set(SETUP_FIRST_PAGES);

/** Whether a forced account is sent from `pathname` to the setup: a session's page but the setup's. */
export function setupFirst(pathname: string): boolean {
  const path = listed(pathname);
  return SESSION_PAGE_SET.has(path) && !SETUP_FIRST_SET.has(path);
}
