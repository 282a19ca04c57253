import { randomUUID } from 'node:crypto';
import type { SignInStepRefusal } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A journey's step sent as a plain HTML form (JavaScript off, or before the
 * script arrives) is the same portal call the enhanced page sends as JSON
 * (docs/decisions/0011-journeys-owned-by-the-gateway.md): the gateway makes
 * that call itself (`app.inject`), so every rule of the /api scope applies
 * unchanged (maintenance, rate limits, captcha, weak-password lockdown,
 * response validation), then answers the browser post/redirect/get: 303 to
 * the `next` page, or the step's page drawn again with the refusal at its
 * field.
 *
 * The CSRF rule of the portal API asks for an `X-Device-ID` header, which a
 * form cannot send; a form is held to the same-origin half of that rule
 * instead (`Origin` and `Sec-Fetch-Site`, which every browser sends on a
 * form's POST), and the flow cookie is SameSite=Lax: another site's form
 * can neither continue a journey nor start one here.
 */

/**
 * Why a form post is refused as another site's, or null. The pages' referrer
 * policy is `no-referrer`, under which a browser sends `Origin: null` with a
 * form: `Sec-Fetch-Site` (Chromium, Firefox, Safari) then tells; an origin
 * that is named must be the portal's.
 */
export function formRefusal(request: FastifyRequest): string | null {
  const named = request.headers.origin;
  const origin = named === 'null' ? undefined : named;
  const site = request.headers['sec-fetch-site'];
  if (origin === undefined && site === undefined) return 'The form was sent without its origin.';
  if (site !== undefined && site !== 'same-origin') return `The form came from ${site}.`;
  if (origin !== undefined && origin !== request.publicOrigin.origin) {
    return 'The form came from another origin.';
  }
  return null;
}

/** The headers of the browser's request that the portal call needs: its cookies, language, agent. */
const FORWARDED = [
  'cookie',
  'accept-language',
  'user-agent',
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'traceparent',
] as const;

export type FormOutcome =
  | { next: string }
  | { status: number; refusal: SignInStepRefusal; retryAfter?: string };

/**
 * The portal call at `path` made for the browser of `request` (its cookies,
 * language, agent), its cookies passed back on `reply`: what a form is.
 */
export async function portalCall(
  request: FastifyRequest,
  reply: FastifyReply,
  method: 'POST' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    // Asked by the CSRF rule of the API; the form met its same-origin half (`formRefusal`).
    'x-device-id': randomUUID(),
    'sec-fetch-site': 'same-origin',
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // The form met the same-origin rule above; the call is the portal's own.
  headers.origin = request.publicOrigin.origin;
  const answer = await request.server.inject({
    method,
    url: path,
    headers,
    ...(body ? { payload: JSON.stringify(body) } : {}),
    remoteAddress: request.socket.remoteAddress ?? request.ip,
  });
  const cookies = answer.headers['set-cookie'];
  if (cookies) reply.header('set-cookie', cookies);
  return answer;
}

/** Sends `body` to the portal call at `path` for the browser of `request`: the next page, or why not. */
export async function formStep(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body: Record<string, unknown>,
  /** The fields of the journey's forms a refusal may name (the sign-in's by default). */
  fields: ReadonlySet<string> = FIELDS,
  /** The statuses whose answer's `next` the browser goes on to (a 200 by default). */
  onward: ReadonlySet<number> = ONWARD,
): Promise<FormOutcome> {
  const answer = await portalCall(request, reply, 'POST', path, body);
  const json = answer.json<Record<string, unknown>>();
  if (onward.has(answer.statusCode) && typeof json.next === 'string') return { next: json.next };
  const retryAfter = answer.headers['retry-after'];
  return {
    status: answer.statusCode,
    refusal: refusalOf(json, fields),
    ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
  };
}

const FIELDS = new Set(['username', 'password', 'captcha', 'mfaId', 'code']);
const ONWARD: ReadonlySet<number> = new Set([200]);

/** A refusal as the page shows it: a validation error's first wrong field named as the step does. */
export function refusalOf(
  json: Record<string, unknown>,
  fields: ReadonlySet<string>,
): SignInStepRefusal {
  const code = typeof json.code === 'string' ? json.code : 'error';
  const message = typeof json.message === 'string' ? json.message : 'Something went wrong.';
  const refusal: SignInStepRefusal = { code, message };
  if (typeof json.field === 'string' && fields.has(json.field)) {
    refusal.field = json.field as NonNullable<SignInStepRefusal['field']>;
  }
  if (typeof json.attempts_left === 'number') refusal.attempts_left = json.attempts_left;
  const issues = Array.isArray(json.issues) ? (json.issues as { path?: unknown }[]) : [];
  // A password's broken rules, for the page to name them as the enhanced page does.
  const named = issues.filter(
    (issue): issue is NonNullable<SignInStepRefusal['issues']>[number] =>
      typeof issue.path === 'string' &&
      typeof (issue as { message?: unknown }).message === 'string',
  );
  if (named.length > 0) refusal.issues = named;
  const first = issues.find((issue) => typeof issue.path === 'string');
  const field = typeof first?.path === 'string' ? first.path.split('.').pop() : undefined;
  if (!refusal.field && field && fields.has(field)) {
    refusal.field = field as NonNullable<SignInStepRefusal['field']>;
    refusal.code = 'invalid_request';
  }
  return refusal;
}
