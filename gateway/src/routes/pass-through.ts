import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import { type CookieReply, renewSession, sessionToken, upstreamHeaders } from '../plugins/session';
import { type UpstreamClient, upstreamOf } from '../plugins/upstream';

/**
 * How a route answers (one style for every route of the /api scope): it
 * returns the contract's `{ status, body }`, an account-API answer as the
 * upstream client gave it included (`return res`): @ts-rest/fastify sends the
 * status and the body only (never the upstream's headers), the body checked
 * against the portal contract (unknown keys stripped). A gateway-made refusal
 * is a `GatewayError` of a kind of `errors.ts`, thrown; the errors plugin
 * answers it. A header of the upstream's the browser needs is passed on by
 * name (`passRetryAfter`).
 */

/** A locked account's 429 tells the browser when to try again (a plain count of seconds only). */
export function passRetryAfter(
  headers: Headers,
  reply: { header(name: string, value: string): unknown },
): void {
  const retryAfter = headers.get('retry-after');
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) reply.header('retry-after', retryAfter);
}

/**
 * The rule of the signed-in route tree (`scopes/api.ts`), as its `onRequest`
 * hook, and of the one route that needs a session for some bodies only (a
 * passkey step-up): without a session cookie, 401 `unauthenticated` before
 * the input is read, and no account-API call.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!sessionToken(request)) throw new GatewayError('unauthenticated');
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
 * client's address, the trace context) and answers what the account API
 * answered. A transport failure or an answer the account contract does not
 * declare is thrown by the upstream client as a `GatewayError`, mapped to
 * HTTP by the errors plugin as for any route. Whether a session is needed is
 * the route tree's rule, not the route's.
 *
 * `renews`: the call changes what proves the account (a second factor, the
 * recovery keys, a passkey); once it succeeded, the session moves to a new
 * token (`renewSession`, docs/threat-model.md "A session's life").
 * A route that does anything more (clears the cookie on a 401, writes a
 * security event, passes a header on, starts a session) is written out.
 */
export function passThrough<
  A extends { request: FastifyRequest; reply: CookieReply },
  R extends { status: number; body: unknown },
>(forward: Forward<A, R>, options: { renews?: true } = {}): (args: A) => Promise<R> {
  return async (args: A) => {
    const res = await forward(upstreamOf(args.request), args, upstreamHeaders(args.request));
    if (options.renews && res.status >= 200 && res.status < 300) {
      await renewSession(args.request, args.reply);
    }
    return res;
  };
}
