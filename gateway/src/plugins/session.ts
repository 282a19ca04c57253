import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { cookieDomainOf } from '../origins';

export const SESSION_COOKIE = 'access_token';
export const THIRTY_DAYS_S = 30 * 24 * 3600;

/**
 * DESIGN.md's cookie: httpOnly, SameSite=Lax, Path=/, Domain from the public
 * origin (`account.` dropped), Secure whenever that origin is HTTPS, whatever
 * a proxy hop says.
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
interface CookieReply {
  setCookie(name: string, value: string, options?: CookieSerializeOptions): unknown;
  clearCookie(name: string, options?: CookieSerializeOptions): unknown;
}

export function setSessionCookie(request: FastifyRequest, reply: CookieReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: THIRTY_DAYS_S });
}

/** Clears the cookie with the Domain it was set with, or the browser keeps it. */
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
