import type { RegisteredClient } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from './errors';
import { upstreamOf } from './plugins/upstream';

/** Why a target was refused: for the log line and the tests, never shown to a visitor. */
export type TargetRefusal =
  | 'empty'
  | 'too_long'
  | 'control_character'
  | 'unparsable'
  | 'scheme'
  | 'userinfo'
  | 'path_names_a_host'
  | 'encoded_separator'
  | 'not_allowed';

/** A target resolved on the server: the absolute URL the browser may go to, or why not. */
export type ResolvedTarget =
  | { ok: true; url: string; internal: boolean }
  | { ok: false; reason: TargetRefusal };

/** Browsers drop tabs and newlines inside URLs; refusing them avoids parsing games. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Percent-encoded `/` or `\` a later decoder could turn into a separator. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * THE resolver of every place the browser may be sent to (`target`,
 * `redirect`, `redirect_uri`, the link-success and SSO destinations, a flow's
 * target): no open redirect. `raw` is resolved with the WHATWG URL parser
 * against the variant's origin, as the browser would resolve it, and the
 * decision is made on that resolved form, never on the raw string: dot
 * segments (`/a/..//host`, `/%2e//host`), backslashes (`/\host`), tabs and
 * newlines, schemes (`javascript:`, `data:`, `https:host`), userinfo and other
 * hosts. Allowed are the variant's own origin, the origins of first-party
 * clients (2, 17, 51, 66: the product's own platforms) and partner clients'
 * registered redirect URIs exactly (scheme, host, port and path; the query may
 * carry code/state/error).
 *
 * A path of the own origin whose resolved form starts with `//`, or carries an
 * encoded `/` or `\`, is refused: read back as a path it would name another
 * host. The answer is the absolute URL; the browser goes there and nowhere else.
 */
export function resolveTarget(
  raw: string | null | undefined,
  variantOrigin: string,
  clients: readonly RegisteredClient[] = [],
): ResolvedTarget {
  if (!raw) return { ok: false, reason: 'empty' };
  if (raw.length > 2000) return { ok: false, reason: 'too_long' };
  if (hasControlCharacter(raw)) return { ok: false, reason: 'control_character' };
  const url = URL.parse(raw, `${variantOrigin}/`);
  if (!url) return { ok: false, reason: 'unparsable' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'userinfo' };
  if (url.pathname.startsWith('//')) return { ok: false, reason: 'path_names_a_host' };
  if (ENCODED_SEPARATOR.test(url.pathname)) return { ok: false, reason: 'encoded_separator' };
  if (url.origin === variantOrigin) return { ok: true, url: url.href, internal: true };
  for (const client of clients) {
    for (const registered of client.redirect_uris) {
      const allowed = URL.parse(registered);
      if (!allowed || url.origin !== allowed.origin) continue;
      if (client.first_party || url.pathname === allowed.pathname) {
        return { ok: true, url: url.href, internal: false };
      }
    }
  }
  return { ok: false, reason: 'not_allowed' };
}

/** `uri` as an absolute, checked URL when the browser may go there, else null (see resolveTarget). */
export function allowedRedirect(
  uri: string,
  ownOrigin: string,
  clients: readonly RegisteredClient[],
): string | null {
  const resolved = resolveTarget(uri, ownOrigin, clients);
  return resolved.ok ? resolved.url : null;
}

/** The origin the browser sees this request on: the configured one its Host names. */
export function ownOrigin(request: FastifyRequest): string {
  return request.publicOrigin.origin;
}

const CLIENTS_TTL_MS = 60_000;
const cache = new WeakMap<object, { at: number; clients: RegisteredClient[] }>();

/** The registered clients of the request's region, asked of its upstream once a minute. */
export async function registeredClients(request: FastifyRequest): Promise<RegisteredClient[]> {
  const upstream = upstreamOf(request);
  const cached = cache.get(upstream);
  const now = Date.now();
  if (cached && now - cached.at < CLIENTS_TTL_MS) return cached.clients;
  const res = await upstreamOf(request).grants.listClients({
    extraHeaders: { 'x-request-id': request.id },
  });
  if (res.status !== 200) throw new GatewayError('upstream_contract');
  cache.set(upstream, { at: now, clients: res.body.clients });
  return res.body.clients;
}

/**
 * `raw` resolved for this request's variant against its registered clients
 * (resolveTarget). A refusal is logged with its reason only: the raw target
 * may carry a partner's state or a visitor's data.
 */
export async function resolveRequestTarget(
  request: FastifyRequest,
  raw: string | null | undefined,
): Promise<ResolvedTarget> {
  // No target (most sign-ins): nothing to check, and no call to the account API for its clients.
  if (!raw) return resolveTarget(raw, ownOrigin(request));
  const resolved = resolveTarget(raw, ownOrigin(request), await registeredClients(request));
  if (!resolved.ok && resolved.reason !== 'empty') {
    request.log.info({ reason: resolved.reason }, 'redirect target refused');
  }
  return resolved;
}

/** `uri` as an absolute, checked URL when the browser may go there, else null. */
export async function checkRedirect(request: FastifyRequest, uri: string): Promise<string | null> {
  const resolved = await resolveRequestTarget(request, uri);
  return resolved.ok ? resolved.url : null;
}
