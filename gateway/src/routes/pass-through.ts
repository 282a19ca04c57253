import type { FastifyRequest } from 'fastify';
import { type CookieReply, renewSession, upstreamHeaders } from '../plugins/session';
import { type UpstreamClient, upstreamOf } from '../plugins/upstream';

/** What a signed-in-only route answers without a session cookie (no upstream call). */
export const UNAUTHENTICATED = {
  status: 401,
  body: { code: 'unauthenticated', message: 'Sign in first.' },
} as const;

/** A locked account's 429 tells the browser when to try again (a plain count of seconds only). */
export function passRetryAfter(
  headers: Headers,
  reply: { header(name: string, value: string): unknown },
): void {
  const retryAfter = headers.get('retry-after');
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) reply.header('retry-after', retryAfter);
}

/** Upstream headers of a request with a session cookie, or null without one. */
export function signedIn(request: FastifyRequest): Record<string, string> | null {
  const headers = upstreamHeaders(request);
  return headers.authorization ? headers : null;
}

/** The upstream's answer as the browser gets it: its status and body only. */
export function passOn<R extends { status: number; body: unknown }>(res: R): R {
  return { status: res.status, body: res.body } as R;
}

/**
 * The account-API call of a pass-through route: `api` is the account API of
 * the request's variant, `args` the route's own input (its params, query and
 * body, as the contract validated them), `extraHeaders` the upstream headers.
 */
type Forward<A, R> = (
  api: UpstreamClient,
  args: A,
  extraHeaders: Record<string, string>,
) => Promise<R>;

/**
 * A portal route that is a plain forward to the account API: `forward` makes
 * the one call, taking from the route's input what the account API's route
 * takes; this adds the upstream headers (`upstreamHeaders`: the session's
 * token, the device id derived from the device cookie, the request id, the
 * client's address, the trace context) and answers the status and body the
 * account API gave, nothing else of it. A transport failure or an answer the
 * account contract does not declare is thrown by the upstream client as a
 * `GatewayError`, mapped to HTTP by the errors plugin as for any route.
 *
 * `signedIn`: without a session cookie, 401 `unauthenticated` and no call.
 * `renews`: the call changes what proves the account (a second factor, the
 * recovery keys, a passkey); once it succeeded, the session moves to a new
 * token (`renewSession`, docs/threat-model.md "A session's life").
 * A route that does anything more (clears the cookie on a 401, writes a
 * security event, passes a header on, starts a session) is written out.
 */
export function passThrough<
  A extends { request: FastifyRequest },
  R extends { status: number; body: unknown },
>(forward: Forward<A, R>): (args: A) => Promise<R>;
export function passThrough<
  A extends { request: FastifyRequest },
  R extends { status: number; body: unknown },
>(
  forward: Forward<A, R>,
  options: { signedIn: true; renews?: true },
): (args: A) => Promise<R | typeof UNAUTHENTICATED>;
export function passThrough<
  A extends { request: FastifyRequest; reply: CookieReply },
  R extends { status: number; body: unknown },
>(forward: Forward<A, R>, options: { renews: true }): (args: A) => Promise<R>;
export function passThrough<
  A extends { request: FastifyRequest; reply?: CookieReply },
  R extends { status: number; body: unknown },
>(forward: Forward<A, R>, options: { signedIn?: boolean; renews?: boolean } = {}) {
  return async (args: A) => {
    const extraHeaders = options.signedIn ? signedIn(args.request) : upstreamHeaders(args.request);
    if (!extraHeaders) return UNAUTHENTICATED;
    const res = await forward(upstreamOf(args.request), args, extraHeaders);
    if (options.renews && args.reply && res.status >= 200 && res.status < 300) {
      await renewSession(args.request, args.reply);
    }
    return passOn(res);
  };
}
