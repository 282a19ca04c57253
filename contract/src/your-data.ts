import { z } from 'zod';
import { c } from './c';
import { NotificationSettings, TrustedDevice } from './devices';
import { ErrorBody } from './errors';
import { GrantMap } from './grants';
import { MfaMethod } from './mfa';
import { Passkey } from './passkeys';
import { User } from './profile';
import { HistoryEntry, Session } from './sessions';

/*
 * Your data in your hands (docs/flows.md, "Download your data" and "Ask for
 * deletion"): a copy of everything the portal shows about the account, and a
 * deletion request with a grace period. Both need a recent second factor
 * (403 `sudo_required`, as every sensitive change).
 */

/**
 * The export: what the portal's screens show, in the screens' own shapes,
 * and nothing that proves the account (no password, no authenticator
 * secret, no recovery key, no passkey public key, no token). The schemas are
 * the allow-list: whatever else an account API sent is dropped by both
 * servers' validation.
 */
export const DataExport = z.object({
  /** ISO date-time the copy was made. */
  generated_at: z.string(),
  user: User,
  /** The e-mail newsletter and offers the account agreed to receive at onboarding. */
  marketing: z.boolean(),
  notifications: NotificationSettings,
  mfa_methods: z.array(MfaMethod),
  passkeys: z.array(Passkey),
  trusted_devices: z.array(TrustedDevice),
  sessions: z.array(Session),
  grants: GrantMap,
  /** The whole security history the account API keeps, newest first. */
  history: z.array(HistoryEntry),
});
export type DataExport = z.infer<typeof DataExport>;

/** A deletion under way: asked for at `requested_at`, done at `delete_at` unless cancelled. */
export const DeletionScheduled = z.object({
  requested_at: z.string(),
  delete_at: z.string(),
});
export type DeletionScheduled = z.infer<typeof DeletionScheduled>;

/**
 * What deleting this account means, as the account API says it (the portal
 * shows it as told: what happens to cards and vouchers is the account API's
 * decision), in the account's language; the grace period in days; and the
 * request under way, if any.
 */
export const DeletionStatus = z.object({
  consequences: z.array(z.string()),
  grace_days: z.number().int().min(0),
  scheduled: DeletionScheduled.nullable(),
});
export type DeletionStatus = z.infer<typeof DeletionStatus>;

/** The request: the owner confirms they understood (the screen's tick box). */
export const DeletionRequest = z.object({
  confirm: z.literal(true, { error: 'Confirm that you understand what deletion means.' }),
});

export const yourDataAccount = c.router({
  exportData: {
    method: 'POST',
    path: '/user/export',
    summary:
      'A copy of the account (profile, e-mails and phones, IBAN, second-factor methods and passkeys without secrets, trusted devices, sessions, app grants, security history, marketing preference); needs sudo. The owner is e-mailed that a copy was made, and the history records `data_exported`',
    body: c.noBody(),
    responses: { 200: DataExport, 401: ErrorBody, 403: ErrorBody },
  },
  getDeletion: {
    method: 'GET',
    path: '/user/deletion',
    summary:
      "What deleting the account means (in the account's language), the grace period, and the request under way",
    responses: { 200: DeletionStatus, 401: ErrorBody },
  },
  requestDeletion: {
    method: 'POST',
    path: '/user/deletion',
    summary:
      'Ask for the deletion of the account, done after the grace period unless cancelled; needs sudo; 409 `deletion_scheduled` when one is under way. Every session of the account ends (this one too), the owner is e-mailed now and again before it takes effect, the history records `deletion_requested`',
    body: DeletionRequest,
    responses: {
      200: DeletionScheduled,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      409: ErrorBody,
    },
  },
  cancelDeletion: {
    method: 'DELETE',
    path: '/user/deletion',
    summary:
      'Keep the account: the request under way is cancelled (a signed-in owner, during the grace period); 404 `no_deletion` when none is; e-mailed, history `deletion_cancelled`',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody, 404: ErrorBody },
  },
});

/**
 * The portal API of this domain. The export is limited per account per day
 * (429 `export_limit`, with Retry-After); a deletion request also clears the
 * session cookie, its session having ended.
 */
export const yourDataPortal = c.router({
  ...yourDataAccount,
  exportData: {
    ...yourDataAccount.exportData,
    summary: `${yourDataAccount.exportData.summary}. At most a few copies per account per day: 429 \`export_limit\` with Retry-After`,
    responses: { ...yourDataAccount.exportData.responses, 429: ErrorBody },
  },
});
