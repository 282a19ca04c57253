import { type ErrorBody, LockdownToken, type LockdownView } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import {
  type CookieReply,
  forgetSession,
  sessionRefused,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { securityEvent } from '../security-events';
import { languageOf } from './sign-in';
import { currentFlow, endFlow, startFlow } from './store';

/*
 * "Lock my account" from a "this wasn't me" e-mail (docs/flows.md, "Lock my
 * account"): the link's secret is a door that ends sessions, so it is held
 * like a sign-in's payload. The link's address (`/lock-account/link?token=…`)
 * is answered at once with a 303 to `/lock-account`: the secret leaves the
 * address bar and the history, and lives in a flow behind the httpOnly flow
 * cookie; the page asks once, and its form (or the same call as JSON) locks.
 *
 *   state     step sent                        account API says       next state   the browser goes to
 *   (none)    open (the e-mail's link)         200 owner              asking       /lock-account: "Lock <login>?"
 *   (none)    open                             400 / 410              refused      /lock-account: the refusal, 4xx
 *   asking    lock (the page's form)           200                    (spent)      /lock-account/done
 *   asking    lock                             400 / 410              (spent)      the refusal
 *   refused   lock                             -                      refused      the refusal again
 *   no flow (expired, spent, never opened): 410 `flow_gone`
 */

export const LOCKDOWN = 'lockdown';

/** The page that asks (and says why not). */
export const LOCK_PAGE = '/lock-account';

/** Where a lockdown ends, signed out: what happened and how to sign in again. */
export const LOCKED_PAGE = '/lock-account/done';

export type LockdownState =
  | { step: 'asking'; token: string; owner: LockdownView }
  | { step: 'refused'; status: 400 | 410; refusal: ErrorBody };

export type LockdownRefusal = { status: 400 | 410; body: ErrorBody };
export type LockdownRead = { status: 200; body: LockdownView } | LockdownRefusal;
export type LockdownStep = { status: 200; body: { next: string } } | LockdownRefusal;

export const LOCKDOWN_GONE = {
  status: 410,
  body: {
    code: 'flow_gone',
    message: 'This lock page has expired. Open the link of the e-mail again.',
  },
} as const;

/** A refusal as the page says it; a 403 (the route is for anyone) is not the contract's. */
/** A link cut short or changed on its way (a mail client's wrapping): as the account API says of an unknown one. */
const MANGLED = {
  status: 400,
  body: { code: 'invalid_link', message: 'This link is not a valid lock link.' },
} as const;

const refusalOf = (status: 400 | 403 | 410, body: ErrorBody): LockdownRefusal => {
  if (status === 403) throw new GatewayError('upstream_contract');
  return { status, body: { code: body.code, message: body.message } };
};

/** What the lock page is drawn with (`web/src/lib/lockdown.ts`): the account, or the refusal. */
export const lockdownExtras = (read: LockdownRead) =>
  read.status === 200 ? { view: read.body } : { refusal: read.body };

/**
 * The e-mail's link arrived: whose account it locks is asked of the account
 * API (the link stays unspent) and a new flow keeps the answer, a refusal
 * included, for the page. One flow per browser: a journey under way is replaced.
 */
export async function openLockLink(
  request: FastifyRequest,
  reply: CookieReply,
  token: string,
): Promise<LockdownRead> {
  let state: LockdownState;
  const res = LockdownToken.safeParse(token).success
    ? await upstreamOf(request).lockdown.checkLockdownLink({
        body: { token },
        extraHeaders: upstreamHeaders(request),
      })
    : MANGLED;
  if (res.status === 200) state = { step: 'asking', token, owner: res.body };
  else {
    const refused = refusalOf(res.status, res.body);
    state = { step: 'refused', status: refused.status, refusal: refused.body };
  }
  await startFlow<LockdownState>(request, reply, {
    journey: LOCKDOWN,
    language: languageOf(request),
    target: null,
    state,
  });
  return state.step === 'asking'
    ? { status: 200, body: state.owner }
    : refusalOf(state.status, state.refusal);
}

/** What the page draws: whose account, or why not. */
export async function readLockdown(request: FastifyRequest): Promise<LockdownRead> {
  const current = await currentFlow<LockdownState>(request, LOCKDOWN);
  if (!current) return LOCKDOWN_GONE;
  const { state } = current.flow;
  return state.step === 'asking'
    ? { status: 200, body: state.owner }
    : refusalOf(state.status, state.refusal);
}

/**
 * The person confirmed: the account is locked by the link (spent by the
 * account API, with every other of the account) and the flow ends. A session
 * this browser holds that the lock ended goes too.
 */
export async function lockByLink(
  request: FastifyRequest,
  reply: CookieReply,
): Promise<LockdownStep> {
  const current = await currentFlow<LockdownState>(request, LOCKDOWN);
  if (!current) return LOCKDOWN_GONE;
  const { state } = current.flow;
  if (state.step === 'refused') return refusalOf(state.status, state.refusal);
  const headers = upstreamHeaders(request);
  const { authorization: _session, ...withoutSession } = headers;
  const res = await upstreamOf(request).lockdown.lockAccountByLink({
    body: { token: state.token },
    extraHeaders: withoutSession,
  });
  await endFlow(request, reply, current.id);
  if (res.status !== 200) return refusalOf(res.status, res.body);
  securityEvent(
    request,
    'account.locked',
    {},
    { reason: 'link', signed_out: res.body.sessions_ended },
  );
  if (headers.authorization) {
    const still = await upstreamOf(request).profile.getUser({ extraHeaders: headers });
    if (still.status === 401) {
      forgetSession(request);
      sessionRefused(request, reply);
    }
  }
  return { status: 200, body: { next: LOCKED_PAGE } };
}
