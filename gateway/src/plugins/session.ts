import { createHash } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { isWeakPasswordStatus } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { GatewayError } from '../errors';
import { cookieDomainOf } from '../origins';
import { sessionEvent } from '../security-events';
import type { SessionState } from './store';
import { upstreamOf } from './upstream';

export const SESSION_COOKIE = 'access_token';
export const THIRTY_DAYS_S = 30 * 24 * 3600;

/**
 * The device cookie: a key the gateway issues and signs (`device-key.ts`),
 * httpOnly (JavaScript cannot read or copy it, unlike the X-Device-ID of
 * local storage) and long-lived: 400 days, the longest a browser keeps a
 * cookie (RFC 6265bis caps Max-Age there). The device the upstream trusts to
 * skip MFA is derived from it (`upstreamDeviceId`). A value the gateway did
 * not issue is replaced; a new key replaces it when the browser is about to
 * become trusted and at each sign-in by a second factor (`renewDeviceKey`).
 */
export const DEVICE_COOKIE = 'device';
export const DEVICE_MAX_AGE_S = 400 * 24 * 3600;

/**
 * An access token's shape: RFC 6750's b64token (the characters a bearer
 * credential may have), 20 characters (the account API's minimum) to 4096.
 * A cookie value of any other shape (a space, a comma, a quote, a control
 * character, a huge value) is not a token: it is dropped, never put in an
 * Authorization header.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9\-._~+/]{20,4096}=*$/;
export const isTokenShaped = (value: string) => TOKEN_SHAPE.test(value);

declare module 'fastify' {
  interface FastifyRequest {
    /** This browser's device cookie (set on this answer when it had none). */
    deviceKey: string | undefined;
  }
}

/**
 * The session cookie (docs/decisions/0003-shared-cookie-domain.md): httpOnly, SameSite=Lax, Path=/, Domain from the public
 * origin (`account.` dropped, shared with the provider's sibling platforms as
 * the spec requires), Secure whenever that origin is HTTPS, whatever a proxy
 * hop says. The device cookie follows the same rules, so that the device the
 * account API knows is one device across the platforms that share the session.
 */
export function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  const origin = request.publicOrigin;
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: origin.https,
    domain: cookieDomainOf(origin),
  };
}

/** What the cookie helpers need of a reply (ts-rest types its reply with its own generics). */
export interface CookieReply {
  setCookie(name: string, value: string, options?: CookieSerializeOptions): unknown;
  clearCookie(name: string, options?: CookieSerializeOptions): unknown;
}

function setSessionCookie(request: FastifyRequest, reply: CookieReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: THIRTY_DAYS_S });
}

/** Clears the cookie with the Domain it was set with, or the browser keeps it. */
export function clearSessionCookie(request: FastifyRequest, reply: CookieReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/**
 * The account API refused this call's session (401): the browser's cookie
 * goes, unless a newer sign-in in this browser replaced that session. A call
 * that left with the old cookie while the sign-in was under way (switching to
 * the account of a hand-over link, say) comes back after the new cookie was
 * set: clearing then would sign the browser out of the session it just got.
 */
export function sessionRefused(request: FastifyRequest, reply: CookieReply) {
  const token = sessionToken(request);
  if (token && request.server.sessionStates.wasReplaced(token)) return;
  // Several session cookies and none live: which one a clearing would reach
  // is not ours to tell; the browser signs in again, which sets ours anew.
  if (hasSeveralSessions(request)) return;
  clearSessionCookie(request, reply);
}

/** The session cookie's token, when it has a token's shape. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && isTokenShaped(value) ? value : undefined;
}

function setDeviceCookie(request: FastifyRequest, reply: CookieReply, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, { ...cookieOptions(request), maxAge: DEVICE_MAX_AGE_S });
}

/**
 * Every `access_token` value the browser sent, in its order. A browser sends
 * two when a sibling platform under the shared parent domain (docs/decisions/0003-shared-cookie-domain.md)
 * set one with another Domain or Path than ours; `request.cookies` (the
 * cookie parser) keeps only the first, which may be the sibling's.
 */
function sessionCookieValues(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const raw = part.slice(eq + 1).trim();
    const value =
      raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
    try {
      values.push(decodeURIComponent(value));
    } catch {
      values.push(value);
    }
  }
  return values;
}

/** Whether this request came with more than one session cookie of a token's shape. */
const hasSeveralSessions = (request: FastifyRequest) =>
  new Set(sessionCookieValues(request).filter(isTokenShaped)).size > 1;

/**
 * Session hygiene on every portal call and partner entry (docs/decisions/0009-session-and-device-keys.md):
 *
 * - One session cookie: used when it has a token's shape; any other value is
 *   cleared and never forwarded.
 * - Several (a sibling platform set another): the session is the first one
 *   the account API holds live (the one this gateway set, as long as it is
 *   valid); none is cleared, since the gateway cannot tell which of them a
 *   `Set-Cookie` would reach: a value that is not ours must never sign the
 *   browser out of the session that is (no sign-out loop a sibling can cause).
 * - A browser without a device cookie of ours gets one, used from this very
 *   request on.
 */
export const browserCookies = async (request: FastifyRequest, reply: FastifyReply) => {
  const values = sessionCookieValues(request);
  const tokens = [...new Set(values.filter(isTokenShaped))];
  if (tokens.length === 0) {
    if (values.length > 0) clearSessionCookie(request, reply);
    delete request.cookies[SESSION_COOKIE];
  } else if (tokens.length === 1) {
    request.cookies[SESSION_COOKIE] = tokens[0];
  } else {
    request.cookies[SESSION_COOKIE] = (await liveSessionOf(request, tokens)) ?? tokens[0];
  }
  const device = request.cookies[DEVICE_COOKIE];
  if (device && request.server.deviceKeys.verify(device)) {
    request.deviceKey = device;
  } else {
    renewDeviceKey(request, reply);
  }
};

/**
 * A new device key for this browser, used from this request on
 * (docs/decisions/0009-session-and-device-keys.md): the device a sign-in by a
 * second factor names to the account API, and the one it may trust, is always
 * a key nobody but this browser has held, whatever value was planted in it
 * before. The account API carries what it knew of the device (known, not
 * trusted) from the sign-in's password step over to the new key.
 */
export function renewDeviceKey(request: FastifyRequest, reply: CookieReply): void {
  request.deviceKey = request.server.deviceKeys.issue();
  setDeviceCookie(request, reply, request.deviceKey);
}

/** The first of several session tokens that the account API holds live, if any. */
async function liveSessionOf(request: FastifyRequest, tokens: string[]) {
  for (const token of tokens) {
    if (await request.server.sessionStates.isLive(request, token)) return token;
  }
  return undefined;
}

/**
 * The device id the upstream sees (its X-Device-ID: trusted devices, the
 * session list): a UUID made of the SHA-256 of the device cookie, so it is
 * stable for a browser (same cookie, same id) and cannot be produced without
 * the cookie, which JavaScript cannot read. The X-Device-ID header the web
 * app sends stays required as the CSRF header (`csrf.ts`), but names no
 * device: a value copied from another browser's local storage skips nothing.
 * RFC 9562's version 8 (custom) marks the id as derived, not random.
 */
export function upstreamDeviceId(deviceKey: string): string {
  let id = derivedDeviceIds.get(deviceKey);
  if (id === undefined) {
    id = deriveDeviceId(deviceKey);
    derivedDeviceIds.set(deviceKey, id);
  }
  return id;
}
/**
 * The ids of the browsers seen lately: a browser calls many times in a row,
 * and hashing for each call was 2 µs of the gateway's CPU per request (`pnpm bench`).
 */
const derivedDeviceIds = new LRUCache<string, string>({ max: 10_000 });

function deriveDeviceId(deviceKey: string): string {
  const b = createHash('sha256').update(`portal-device:${deviceKey}`).digest().subarray(0, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x80;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Headers every account-API call carries: the bearer from the cookie, the device, request and trace ids. */
export function upstreamHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': request.id };
  const token = sessionToken(request);
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.deviceKey) headers['x-device-id'] = upstreamDeviceId(request.deviceKey);
  const ua = request.headers['user-agent'];
  if (ua) headers['user-agent'] = ua;
  headers['x-forwarded-for'] = request.ip;
  // The trace context goes to the account APIs only (docs/product.md part 7; `tracing.ts`).
  if (request.traceparent) headers.traceparent = request.traceparent;
  return headers;
}

/** Revokes a token upstream, best-effort (logged), and forgets what was kept about it. */
export async function revokeUpstreamToken(request: FastifyRequest, token: string): Promise<void> {
  await revoke(request, token);
}

async function revoke(request: FastifyRequest, token: string): Promise<void> {
  await upstreamOf(request)
    .auth.deleteToken({
      extraHeaders: { ...upstreamHeaders(request), authorization: `Bearer ${token}` },
    })
    .catch((err: unknown) => request.log.warn({ err }, 'upstream token revocation failed'));
  request.server.sessionStates.forget(token);
}

/**
 * What a sign-in answer of the upstream gives a session. `password_status` is
 * required: every door to a session (docs/threat-model.md) passes the
 * upstream's, so that a weak password confines the session whatever the path.
 */
export interface SessionAnswer {
  access_token: string;
  expires_in?: number | undefined;
  password_status: number;
}

/**
 * A session's state as the account API tells it (`GET /user`): its password
 * status and account id. `null` for a token it does not know (that call
 * answers 401 by itself); a failure throws, so the call it guards is refused.
 */
export async function readSessionState(
  request: FastifyRequest,
  token: string,
): Promise<SessionState | null> {
  const res = await upstreamOf(request).profile.getUser({
    extraHeaders: { ...upstreamHeaders(request), authorization: `Bearer ${token}` },
  });
  if (res.status === 401) return null;
  // A portal session always carries the scope to read its user; anything else is a drift.
  if (res.status !== 200) throw new GatewayError('upstream_contract');
  const user = res.body.data;
  return {
    weak: isWeakPasswordStatus(user.password_status),
    forced: user.mfa_forced,
    account: user.id,
  };
}

/**
 * Every sign-in (password, MFA code, address-hash token, onboarding, merge,
 * workplace login) ends here. The token goes into the httpOnly cookie; a
 * session this browser held before is revoked upstream (one browser, one
 * session); the answer's password status is kept (`store.ts`): a weak
 * password's session can only read the user, replace the password and sign
 * out (`weakLockdown`).
 * Answers whether the session is weak.
 */
export async function startSession(
  request: FastifyRequest,
  reply: CookieReply,
  answer: SessionAnswer,
): Promise<{ weak: boolean }> {
  const token = answer.access_token;
  if (!isTokenShaped(token)) {
    throw new GatewayError('upstream_contract', undefined, { issue: 'token has no token shape' });
  }
  const weak = isWeakPasswordStatus(answer.password_status);
  request.server.sessionStates.started(token, answer.password_status);
  request.server.metrics.signIns.inc({ outcome: 'signed_in' });
  // Its account is read once (and kept), without holding the answer back.
  void sessionEvent(request, 'sign_in.succeeded', {}, token);
  // One browser, one session: the session it held goes. With several session
  // cookies the one picked may be a sibling platform's own: left alone.
  const previous = hasSeveralSessions(request) ? undefined : sessionToken(request);
  if (previous && previous !== token) {
    request.server.sessionStates.replaced(previous);
    await revoke(request, previous);
  }
  setSessionCookie(request, reply, token);
  // An active browser keeps its device: the cookie's 400 days start again.
  if (request.deviceKey) setDeviceCookie(request, reply, request.deviceKey);
  return { weak };
}

/**
 * A new token for this request's session (docs/threat-model.md, "A session's
 * life"): after a step-up and after every change to what proves the account
 * (password, second factors, recovery keys, passkeys, workplace link), the
 * account API moves the session to a new token and kills the old one; the
 * cookie gets the new value. A session id must not outlive a change of what
 * it may do (OWASP ASVS V7.2.4). A call still under way with the old cookie
 * that comes back 401 does not clear the new one (`sessionRefused`).
 *
 * The change itself has happened whatever this answers: a renewal the account
 * API refuses or cannot give leaves the session on its old token (logged, as
 * a security event), rather than telling the user a change failed that did not.
 */
export async function renewSession(request: FastifyRequest, reply: CookieReply): Promise<void> {
  const previous = sessionToken(request);
  if (!previous) return;
  const res = await upstreamOf(request)
    .auth.renewToken({ extraHeaders: upstreamHeaders(request) })
    .catch((err: unknown) => {
      request.log.warn({ err }, 'upstream token renewal failed');
      return null;
    });
  if (res?.status !== 200 || !isTokenShaped(res.body.access_token)) {
    void sessionEvent(request, 'session.renewal_failed', {
      reason: res ? `status ${res.status}` : 'unreachable',
    });
    return;
  }
  const token = res.body.access_token;
  request.server.sessionStates.replaced(previous);
  request.server.sessionStates.forget(previous);
  request.server.sessionStates.started(token, res.body.password_status);
  void sessionEvent(request, 'session.renewed', {}, token);
  setSessionCookie(request, reply, token);
  // The rest of this request (a read after the change) goes with the new token.
  request.cookies[SESSION_COOKIE] = token;
}

/** Sign-out: revokes the token upstream (best-effort) and clears the cookie with its Domain. */
export async function endSession(request: FastifyRequest, reply: CookieReply): Promise<void> {
  const token = sessionToken(request);
  if (token) await revoke(request, token);
  clearSessionCookie(request, reply);
}

/**
 * This request's session has a strong password now (replaced): its calls are
 * let through from this gateway's memory at once, and from the others' once
 * they ask the account API again, which they do before refusing a call.
 */
export function sessionNowStrong(request: FastifyRequest): void {
  const token = sessionToken(request);
  if (token) request.server.sessionStates.strong(token);
}

/** Forgets what is kept about this request's session (it was revoked). */
export function forgetSession(request: FastifyRequest): void {
  const token = sessionToken(request);
  if (token) request.server.sessionStates.forget(token);
}
