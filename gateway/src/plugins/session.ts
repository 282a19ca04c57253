import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hostOf } from '../variant';

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
  setCookie(name: string, value: string, options: CookieSerializeOptions): unknown;
  clearCookie(name: string, options: CookieSerializeOptions): unknown;
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

export const sessionPlugin = fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'session' },
);
