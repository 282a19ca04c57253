import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { rateLimited } from './rate-limits';

/*
 * "Lock my account" (docs/flows.md, "Lock my account"; docs/threat-model.md,
 * "Lockdown"): one action that ends every session of the account (the one
 * asking included), revokes every app grant and trusted device, makes the
 * next sign-in replace the password (through the reset journey) and then
 * show the passkeys and second factors for review, e-mails every verified
 * contact and records `account_locked` in the history. Two doors: a signed-in
 * user with a recent second factor, or the single-use link of a "this wasn't
 * me" e-mail, which works signed out.
 */

/** What a lockdown did, for the screen to say. */
export const LockdownDone = z.object({
  sessions_ended: z.number().int().min(0),
  grants_revoked: z.number().int().min(0),
  devices_untrusted: z.number().int().min(0),
  /** The verified e-mail addresses and phone numbers told. */
  notified: z.number().int().min(0),
});
export type LockdownDone = z.infer<typeof LockdownDone>;

/**
 * The link's secret, as the e-mail carries it: 43 base64url characters (256
 * random bits). Anything else is not a link the account API made.
 */
export const LockdownToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, {
  error: 'This link is not a valid lock link.',
});
export const LockdownLink = z.strictObject({ token: LockdownToken });

/** Who a valid link locks: enough for the person to recognise their account. */
export const LockdownLinkOwner = z.object({
  firstname: z.string(),
  /** The account's primary e-mail address, masked (`maskContact`). */
  login: z.string(),
});
export type LockdownLinkOwner = z.infer<typeof LockdownLinkOwner>;

/**
 * Refusals of a link, each with its own `code`: 400 `invalid_link` (not a
 * link the account API made), 410 `link_used` (a lockdown already happened
 * through it or another way) or `link_expired`.
 */
export const LOCKDOWN_LINK_CODES = ['invalid_link', 'link_used', 'link_expired'] as const;

/**
 * `password_reset_required` (403 on `POST /token` and every other sign-in
 * door after a correct password): the account was locked and its password
 * must be replaced through the reset journey first.
 */
export const PASSWORD_RESET_REQUIRED = 'password_reset_required';

/**
 * A locked account at a door that has no password to replace (a passkey, a
 * workplace login): the portal's refusal names the reset journey to go to.
 */
export const ResetRequired = ErrorBody.extend({ next: z.string().startsWith('/') });

export const lockdownAccount = c.router({
  lockAccount: {
    method: 'POST',
    path: '/account/lockdown',
    summary:
      'Lock the account of the bearer: every session ends (this one too), every app grant and trusted device is revoked, the password must be replaced at the next sign-in (403 `password_reset_required` until then), the passkeys and second factors are put up for review, every verified contact is told; history `account_locked`. 403 `sudo_required` without a recent second factor',
    body: c.noBody(),
    responses: { 200: LockdownDone, 401: ErrorBody },
  },
  checkLockdownLink: {
    method: 'POST',
    path: '/account/lockdown/link/check',
    metadata: rateLimited('forgot'),
    summary:
      'Whose account a lock link (from a new-device e-mail\'s "this wasn\'t me") locks, without spending it; 400 `invalid_link`, 410 `link_used` / `link_expired`',
    body: LockdownLink,
    responses: { 200: LockdownLinkOwner, 400: ErrorBody, 410: ErrorBody },
  },
  lockAccountByLink: {
    method: 'POST',
    path: '/account/lockdown/link',
    metadata: rateLimited('forgot'),
    summary:
      'Lock the account a lock link names, without a session (the link is single use: every link of the account is spent by a lockdown); 400 `invalid_link`, 410 `link_used` / `link_expired`',
    body: LockdownLink,
    responses: { 200: LockdownDone, 400: ErrorBody, 410: ErrorBody },
  },
  confirmSecurityReview: {
    method: 'POST',
    path: '/account/security-review',
    summary:
      'After a lockdown: the user looked at their passkeys and second factors and keeps what is left ("Looks right"); `security_review` goes false, history `security_reviewed`',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody },
  },
});

/** The portal's side of the lock link: the gateway keeps the token in a flow, never in the page. */
export const LockdownView = LockdownLinkOwner;
export type LockdownView = z.infer<typeof LockdownView>;

/** A lockdown done: the page the browser goes to next (signed out). */
export const LockdownNext = z.object({ next: z.string().startsWith('/') });

export const lockdownPortal = c.router({
  lockAccount: {
    ...lockdownAccount.lockAccount,
    summary:
      'Lock my account (signed in, a recent second factor: 403 `sudo_required` otherwise): as the account API does, then the session cookie is cleared; `next` is the page that says what happened',
    responses: { 200: LockdownNext },
  },
  openLockdownLink: {
    method: 'POST',
    path: '/lock-account/link',
    metadata: rateLimited('forgot'),
    summary:
      "The e-mail's lock link arrived (the gateway's `GET /lock-account/link?token=…` makes this call): whose account it locks is asked of the account API, without spending it, and kept with the secret in a new flow; `next` is the page that asks. A refused link is kept too, for the page to say: 400 `invalid_link`, 410 `link_used` / `link_expired`",
    // Any text: a mangled link is a refusal the page says, like an unknown one.
    body: z.strictObject({ token: z.string().max(512) }),
    responses: { 200: LockdownNext, 400: ErrorBody, 410: ErrorBody },
  },
  readLockdownLink: {
    method: 'GET',
    path: '/lock-account',
    summary:
      'The lock link this browser arrived with (kept by the gateway, never in the page): whose account it locks; 410 `flow_gone` when there is none (expired, used, or the link was refused at arrival)',
    responses: { 200: LockdownView, 410: ErrorBody },
  },
  lockAccountByLink: {
    method: 'POST',
    path: '/lock-account',
    summary:
      'Lock the account of the link this browser arrived with; `next` is the page that says what happened. 400 `invalid_link`, 410 `link_used` / `link_expired` / `flow_gone`',
    body: z.strictObject({}),
    responses: { 200: LockdownNext, 400: ErrorBody, 410: ErrorBody },
  },
  confirmSecurityReview: lockdownAccount.confirmSecurityReview,
});
