import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { RowId } from './fields';

/**
 * The device and place of a session, a trusted device or a history event, as
 * the account API reads them from the user agent and the address: each null
 * when they say nothing useful (the web app then says "unknown"); `country` is
 * ISO 3166-1 alpha-2. One set of fields, so that the three name them alike.
 */
export const deviceAndPlace = {
  device_name: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
};

/**
 * docs/product.md part 3, Session/device: one sign-in. `id` names the session; the token
 * itself never appears. `services` names the partner app a token was issued to.
 */
export const Session = z.object({
  id: z.number().int(),
  ...deviceAndPlace,
  /** ISO date-times. */
  first_connection: z.string(),
  recent_activity: z.string(),
  status: z.enum(['active', 'revoked']),
  /** The session of this very request. */
  current: z.boolean(),
  services: z.array(z.string()),
});
export type Session = z.infer<typeof Session>;

/** Sessions listed current first, then by recent activity. */
export const SessionList = z.object({ sessions: z.array(Session) });

/**
 * Kinds of security-history events the account API records. The list grows:
 * `kind` stays a string on the wire so that a new kind never breaks a client,
 * which shows an unknown kind generically.
 */
export const HISTORY_KINDS = [
  'login',
  'login_failed',
  'password_changed',
  'password_reset',
  'profile_updated',
  'iban_changed',
  'email_added',
  'email_verified',
  'email_removed',
  'email_primary',
  'phone_added',
  'phone_verified',
  'phone_removed',
  'phone_primary',
  'mfa_added',
  'mfa_removed',
  'mfa_primary',
  'recovery_regenerated',
  'recovery_key_used',
  'mfa_paused',
  'session_revoked',
  'sessions_revoked_all',
  'grant_approved',
  'grant_revoked',
  'sso_linked',
  'sso_unlinked',
  'account_merged',
  'passkey_added',
  'passkey_removed',
  'passkey_used',
  'device_untrusted',
  'devices_untrusted_all',
  'new_device_sign_in',
  'account_locked',
  'security_reviewed',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export function isHistoryKind(kind: string): kind is HistoryKind {
  return (HISTORY_KINDS as readonly string[]).includes(kind);
}

/** One security-history event: what happened, when, from which device and place. */
export const HistoryEntry = z.object({
  id: z.number().int(),
  /** ISO date-time. */
  time: z.string(),
  kind: z.string(),
  ...deviceAndPlace,
  /** What it concerned, when that helps (the e-mail added, the method removed…). */
  detail: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const sessionsAccount = c.router({
  listSessions: {
    method: 'GET',
    path: '/sessions',
    summary: 'Devices and sessions of the signed-in user (active and recently revoked)',
    responses: { 200: SessionList, 401: ErrorBody },
  },
  deleteSession: {
    method: 'DELETE',
    path: '/sessions/:id',
    summary: 'Log out one session (its token stops working); 404 when it is not one of yours',
    pathParams: RowId,
    body: c.noBody(),
    responses: { 204: c.noBody(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  },
  deleteAllSessions: {
    method: 'DELETE',
    path: '/sessions',
    summary: 'Global logout: revoke every session of the user, the current one included',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody },
  },
  listHistory: {
    method: 'GET',
    path: '/history',
    summary: 'Security history, newest first: sign-ins, failures, MFA, password, IBAN, revocations',
    query: HistoryQuery,
    responses: { 200: z.object({ events: z.array(HistoryEntry) }), 400: ErrorBody, 401: ErrorBody },
  },
});

/**
 * The portal API of this domain: the same calls under /api. Logging out the
 * current session (one or all) also clears the session cookie.
 */
export const sessionsPortal = sessionsAccount;
