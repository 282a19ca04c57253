import type { FastifyRequest } from 'fastify';
import { upstreamHeaders } from '../plugins/session';

/** What a signed-in-only route answers without a session cookie (no upstream call). */
export const UNAUTHENTICATED = {
  status: 401,
  body: { code: 'unauthenticated', message: 'Sign in first.' },
} as const;

/** Upstream headers of a request with a session cookie, or null without one. */
export function signedIn(request: FastifyRequest): Record<string, string> | null {
  const headers = upstreamHeaders(request);
  return headers.authorization ? headers : null;
}

/** The upstream's answer as the browser gets it: its status and body only. */
export function passOn<R extends { status: number; body: unknown }>(res: R): R {
  return { status: res.status, body: res.body } as R;
}
