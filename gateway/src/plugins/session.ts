import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hostOf } from '../variant';

export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies, parsed when first read. */
    readonly cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    /** Adds a `Set-Cookie` (replacing one of the same name set earlier in this answer). */
    setCookie(name: string, value: string, options: CookieOptions): FastifyReply;
    /** Expires the cookie in the browser. */
    clearCookie(name: string, options: CookieOptions): FastifyReply;
  }
}

export const SESSION_COOKIE = 'access_token';
export const THIRTY_DAYS_S = 30 * 24 * 3600;

/** Domain = host without its leading `account.`; host-only on localhost, *.localhost and IPs. */
export function cookieDomain(hostHeader: string | undefined): string | undefined {
  const host = hostOf(hostHeader);
  if (!host || host === 'localhost' || host.endsWith('.localhost')) return undefined;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return host.startsWith('account.') ? host.slice('account.'.length) : host;
}

function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.protocol === 'https',
    domain: cookieDomain(request.headers.host),
  };
}

/** What the cookie helpers need of a reply (ts-rest types its reply with fastify 4's generics). */
interface CookieReply {
  setCookie(name: string, value: string, options: CookieOptions): unknown;
  clearCookie(name: string, options: CookieOptions): unknown;
}

export function setSessionCookie(request: FastifyRequest, reply: CookieReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: THIRTY_DAYS_S });
}

export function clearSessionCookie(request: FastifyRequest, reply: CookieReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Headers every upstream call carries: the bearer from the cookie, the device and request ids. */
export function upstreamHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': request.id };
  const token = sessionToken(request);
  if (token) headers.authorization = `Bearer ${token}`;
  const device = request.headers['x-device-id'];
  if (typeof device === 'string') headers['x-device-id'] = device;
  const ua = request.headers['user-agent'];
  if (ua) headers['user-agent'] = ua;
  headers['x-forwarded-for'] = request.ip;
  return headers;
}

const parsed = Symbol('cookies');

function setCookie(this: FastifyReply, name: string, value: string, options: CookieOptions) {
  const line = stringifySetCookie({ name, value, ...options });
  const earlier = this.getHeader('set-cookie');
  if (earlier === undefined) return this.header('set-cookie', line);
  const lines = (Array.isArray(earlier) ? earlier : [String(earlier)]).filter(
    (l) => !l.startsWith(`${name}=`),
  );
  this.removeHeader('set-cookie');
  return this.header('set-cookie', [...lines, line]);
}

function clearCookie(this: FastifyReply, name: string, options: CookieOptions) {
  return setCookie.call(this, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}

/**
 * Cookies without a cookie plugin: the request's are parsed only when a route
 * reads them, and an answer's are written straight into its `Set-Cookie`
 * header. @fastify/cookie parsed every request's cookies and ran a hook before
 * every answer was sent, whether or not a cookie was involved.
 */
export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest(parsed, null);
    app.decorateRequest('cookies', {
      getter(this: FastifyRequest) {
        const self = this as FastifyRequest & {
          [parsed]: Record<string, string | undefined> | null;
        };
        self[parsed] ??= parseCookie(this.headers.cookie ?? '');
        return self[parsed];
      },
    });
    app.decorateReply('setCookie', setCookie);
    app.decorateReply('clearCookie', clearCookie);
  },
  { name: 'session' },
);
