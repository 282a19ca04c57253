import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import { GatewayError } from './errors';
import type { SecondFactorOutcome, SignInOutcome } from './plugins/metrics';
import { sessionToken } from './plugins/session';

/**
 * The security events, one structured log line each (docs/operations.md
 * "Security events", where a SIEM finds their fields): `event`, the request
 * id (`reqId`), the client address (`client`) and, when known, the hashed
 * account id (`account`) or the hashed username a sign-in named
 * (`username`). Never a password, code or token: an event's fields are
 * these, and the few of `Extra`, only.
 */
export type SecurityEvent =
  | 'sign_in.succeeded'
  | 'sign_in.failed'
  | 'sign_in.locked'
  | 'second_factor.failed'
  | 'second_factor.paused'
  | 'password.changed'
  | 'session.revoked'
  | 'session.renewed'
  | 'session.renewal_failed'
  | 'device.trusted'
  | 'device.forgotten'
  | 'identity.linked'
  | 'identity.unlinked'
  | 'captcha.refused'
  | 'data.exported'
  | 'account.deletion_requested'
  | 'account.deletion_cancelled'
  | 'account.locked';

/** What else an event may say: how it happened, never a secret. */
type Extra = { reason?: string; scope?: 'one' | 'all'; signed_out?: number };

/** Used when `EVENT_HASH_KEY` is unset: hashes still match across gateways. */
const DEFAULT_KEY = 'portal-security-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** HMAC-SHA-256 of an account id or username, for the security events. */
    eventHash(kind: 'account' | 'username', value: string | number): string;
  }
}

export const securityEventsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const key = config.EVENT_HASH_KEY ?? DEFAULT_KEY;
    app.decorate('eventHash', (kind: 'account' | 'username', value: string | number) =>
      createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url'),
    );
  },
  { name: 'security-events' },
);

interface Who {
  account?: number | undefined;
  /** A username as typed (a sign-in attempt): trimmed and lower-cased before hashing. */
  username?: string | undefined;
}

/** Writes one security event. */
export function securityEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  who: Who = {},
  extra: Extra = {},
): void {
  const hash = request.server.eventHash;
  request.log.info(
    {
      event,
      client: request.ip,
      ...(who.account === undefined ? {} : { account: hash('account', who.account) }),
      ...(who.username ? { username: hash('username', who.username.trim().toLowerCase()) } : {}),
      ...extra,
    },
    'security event',
  );
}

/** The account of this request's session (kept since sign-in, or read once); undefined when unknown. */
export async function accountOf(
  request: FastifyRequest,
  token = sessionToken(request),
): Promise<number | undefined> {
  if (!token) return undefined;
  return request.server.sessionStates.account(request, token).catch(() => undefined);
}

/**
 * A security event of a session, with its account. Call it while the token is
 * still valid (for a revocation: `accountOf` first). Never fails the call it reports.
 */
export async function sessionEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  extra: Extra = {},
  token = sessionToken(request),
): Promise<void> {
  securityEvent(request, event, { account: await accountOf(request, token) }, extra);
}

/** The events of each sign-in outcome that is not a session (those are `sign_in.succeeded`). */
const SIGN_IN_EVENT: Partial<Record<SignInOutcome, SecurityEvent>> = {
  refused: 'sign_in.failed',
  locked: 'sign_in.locked',
  captcha_refused: 'captcha.refused',
};

/** A sign-in attempt's outcome: counted, and its event written. */
export function signInOutcome(request: FastifyRequest, outcome: SignInOutcome, username?: string) {
  request.server.metrics.signIns.inc({ outcome });
  const event = SIGN_IN_EVENT[outcome];
  if (event) securityEvent(request, event, { username });
}

/**
 * A second-factor check's outcome: counted; a failed or paused one's event
 * written. With no account: the check may belong to a sign-in that has no
 * session yet, while the browser still holds another account's.
 */
export function secondFactorOutcome(request: FastifyRequest, outcome: SecondFactorOutcome) {
  request.server.metrics.secondFactor.inc({ outcome });
  if (outcome === 'failed') securityEvent(request, 'second_factor.failed');
  if (outcome === 'paused') securityEvent(request, 'second_factor.paused');
}

/** The password checks other than the sign-in, bounded as it is (docs/security.md, "Sign-in lockout"). */
export type PasswordCheck = 'password_change' | 'merge' | 'link_account';

/**
 * The captcha of a password check other than the sign-in, where the sign-in
 * asks for it (captcha on): a refusal is the sign-in's `captcha.refused`
 * event, naming the check.
 */
export async function passwordCaptcha(
  request: FastifyRequest,
  token: string | undefined,
  check: PasswordCheck,
  who: Who = {},
): Promise<void> {
  try {
    await request.server.captcha?.(request, token);
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'captcha') {
      securityEvent(request, 'captcha.refused', who, { reason: check });
    }
    throw err;
  }
}

/**
 * The account API's verdict on a password check other than the sign-in: a
 * wrong password is the sign-in's `sign_in.failed`, the lock (429) its
 * `sign_in.locked`, each naming the check.
 */
export function passwordCheckOutcome(
  request: FastifyRequest,
  status: number,
  wrong: boolean,
  check: PasswordCheck,
  who: Who = {},
): void {
  if (status === 429) securityEvent(request, 'sign_in.locked', who, { reason: check });
  else if (wrong) securityEvent(request, 'sign_in.failed', who, { reason: check });
}
