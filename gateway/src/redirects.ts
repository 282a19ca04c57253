import type { RegisteredClient } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from './errors';
import { upstreamOf } from './plugins/upstream';

/** Browsers drop tabs and newlines inside URLs; refusing them avoids parsing games. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The one allow-list of places the browser may be sent to (no open redirect):
 * the portal's own origin, the origins of first-party clients (2, 17, 51, 66:
 * the product's own platforms), and partner clients' registered redirect URIs
 * exactly (scheme, host, port and path; the query may carry code/state/error).
 *
 * Parsing is WHATWG URL parsing, as the browser does it, so that `//evil`,
 * `/\evil`, `javascript:`, `http://own@evil` and their encodings resolve to
 * what the browser would reach before the check is made.
 */
export function allowedRedirect(
  uri: string,
  ownOrigin: string,
  clients: readonly RegisteredClient[],
): string | null {
  if (!uri || uri.length > 2000 || hasControlCharacter(uri)) return null;
  let url: URL;
  try {
    url = new URL(uri, `${ownOrigin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (url.origin === ownOrigin) return url.href;
  for (const client of clients) {
    for (const registered of client.redirect_uris) {
      let allowed: URL;
      try {
        allowed = new URL(registered);
      } catch {
        continue;
      }
      if (url.origin !== allowed.origin) continue;
      if (client.first_party || url.pathname === allowed.pathname) return url.href;
    }
  }
  return null;
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

/** `uri` normalised when the browser may go there, else null. */
export async function checkRedirect(request: FastifyRequest, uri: string): Promise<string | null> {
  return allowedRedirect(uri, ownOrigin(request), await registeredClients(request));
}
