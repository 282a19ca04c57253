import {
  isPartnerClient,
  isWeakPasswordStatus,
  type MfaMethod,
  PASSWORD_RESET_REQUIRED,
  type SignInStepRefusal,
  type SignInView,
  toE164,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import {
  renewDeviceKey,
  type SessionAnswer,
  startSession,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { resolveRequestTarget } from '../redirects';
import { secondFactorOutcome, sessionEvent, signInOutcome } from '../security-events';
import { variantLanguages } from '../variant';
import { type CodeCheck, codeRefused, codeSent, refused, type StepRefused } from './code-step';
import { handOverToConsent } from './consent';
import { currentFlow, endFlow, type Flow, saveFlow, startFlow } from './store';

/*
 * The sign-in journey (docs/flows.md, "Sign-in"; docs/product.md part 4, "Login" and
 * "After a correct code"), owned by the gateway. The browser sends a step
 * (as JSON to the portal API, or as a plain HTML form to the step's page,
 * which the gateway turns into the same call) and follows the `next` it is
 * answered; it keeps nothing of the journey.
 *
 *   state      step sent                 account API says          next state   the browser goes to
 *   (none)     password                  200                       (spent)      nextAfterSession(...)
 *   (none)     password                  401 + methods, a primary  code         /mfa (its code sent)
 *   (none)     password                  401 + methods, no primary methods      /mfa/methods
 *   (none)     password                  400 / 429 / captcha       (none)       same page, message at its field
 *   (none)     password                  403 reset required        (none)       /forgot-password/email?login= (a locked account)
 *   code       (link) another method     -                         code         /mfa/methods
 *   code|methods  method(mfaId)          200 code sent             code         /mfa
 *   code       resend                    200 code sent again       code         /mfa
 *   code       code                      200                       (spent)      afterCode(...)
 *   code       code                      200 + fuzzion             (spent)      /duplicated (the merge's flow: flows/merge.ts)
 *   code       code                      400 / 422                 code         /mfa, "Your code is invalid"
 *   code       code                      410 spent / 429 paused    (spent)/code /mfa, message
 *   anything else: 409 (a step out of order); no flow: 410 (expired or spent)
 */

export const SIGN_IN = 'sign-in';

/** The journey's own state, kept in its flow (never in the browser). */
export interface SignInState {
  step: 'methods' | 'code';
  /** The 401's payload, to start a code by any method. */
  payload: string;
  methods: MfaMethod[];
  /** The e-mail address or number typed: the screens show it in full where a target is its mask. */
  login: string;
  /** The code under way: its payload and how it was sent. */
  check: CodeCheck | null;
}

type SignInFlow = Flow<SignInState>;

/** What a step comes to: the page to go to next, or a refusal said at its field. */
export type StepResult =
  | { status: 200; body: { next: string; view: SignInView | null } }
  | StepRefused;

/** docs/product.md part 8's words for a sign-in that is over (expired, spent or never started). */
export const FLOW_GONE = refused(
  410,
  'flow_gone',
  'This sign-in has expired or is already complete. Please sign in again.',
);
const OUT_OF_ORDER = refused(
  409,
  'flow_step',
  'This step does not belong here: the sign-in is at another step.',
);

export const DASHBOARD = '/user/dashboard';
/** After a lockdown: the passkeys and second factors, Remove or "Looks right". */
export const REVIEW_PAGE = '/security/review';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The target, resolved and checked once when the journey starts, by the one
 * resolver (`resolveRequestTarget`, docs/security.md): a page of this portal
 * (the gateway's `/authorize` included) as the URL parser resolves it, kept
 * as its path; anything else (another host, a path that names one, a scheme)
 * is none: the dashboard.
 */
export async function resolveSignInTarget(
  request: FastifyRequest,
  raw: string | null | undefined,
): Promise<string | null> {
  const resolved = await resolveRequestTarget(request, raw);
  if (!resolved.ok || !resolved.internal) return null;
  const url = new URL(resolved.url);
  const path = `${url.pathname}${url.search}`;
  return path === '/' ? null : path;
}

/** The client a target is headed to (`/authorize?client_id=…`), or null. */
function targetClient(target: string | null): string | null {
  if (!target) return null;
  const url = new URL(target, 'http://portal.invalid');
  return url.searchParams.get('client_id');
}

export const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The forgot-password journey's entry for a login (the one coupling to that journey). */
export const resetJourneyFor = (login?: string) => withQuery('/forgot-password/email', { login });

/**
 * A locked account at a door that holds no password to replace (a passkey, a
 * workplace login; docs/flows.md, "Lock my account"): refused as the password
 * door refuses it, counted alike, and the reset journey named as the way back in.
 */
export function resetRequired(request: FastifyRequest, refusal: { code: string; message: string }) {
  signInOutcome(request, 'reset_required');
  return {
    status: 403 as const,
    body: { code: refusal.code, message: refusal.message, next: resetJourneyFor() },
  };
}

/** What the step's pages draw: the methods and the code under way, no payload. */
export function viewOf(flow: SignInFlow): SignInView {
  const { state } = flow;
  return {
    step: state.step,
    login: state.login,
    methods: state.methods.map(({ id, method, target, primary }) => ({
      id,
      method,
      target,
      primary,
    })),
    check: state.check && {
      method: state.check.method,
      target: state.check.target,
      mfaId: state.check.mfaId,
    },
    target: flow.target,
  };
}

/** The visitor's language when the journey began (one language per journey). */
export interface JourneyLanguage {
  accept?: string | undefined;
  chosen?: string | undefined;
}
export const languageOf = (request: FastifyRequest): JourneyLanguage => ({
  accept: request.headers['accept-language'],
  chosen: request.cookies.lang,
});

/**
 * docs/product.md part 4, after a session starts: a weak password to weak-password
 * (`verified=true`), a locked account's first sign-in to the review of its
 * passkeys and second factors, an account whose deletion is under way to the
 * page that offers to keep it (the target kept for after), a forced second factor (no target client, or one of
 * the four first-party ones) to its setup, a customer who may set one up
 * and has none to the offer, everyone else (a partner's client included)
 * to the target, else the dashboard. Every door that starts a session
 * (password, code, passkey, hand-over, workplace login, a weak password
 * replaced) answers the browser this page: the browser decides nothing.
 */
export async function nextAfterSession(
  request: FastifyRequest,
  reply: Reply,
  token: string,
  weak: boolean,
  target: string | null,
  /** The language the journey began in (a flow's); the request's when it had no flow. */
  journeyLanguage: JourneyLanguage = languageOf(request),
): Promise<string> {
  // A partner's authorise request goes on to its consent in this journey's language.
  await handOverToConsent(request, reply, target, journeyLanguage);
  if (weak) return withQuery('/weak-password', { verified: 'true', target });
  const headers = { ...upstreamHeaders(request), authorization: `Bearer ${token}` };
  const [user, deletion] = await Promise.all([
    upstreamOf(request).profile.getUser({ extraHeaders: headers }),
    // Not knowing of a deletion never keeps anyone from signing in.
    upstreamOf(request)
      .yourData.getDeletion({ extraHeaders: headers })
      .catch(() => null),
  ]);
  if (user.status !== 200) return target ?? DASHBOARD;
  const { mfa_forced, mfa_customer, password_status, language } = user.body.data;
  // What the session may do is known now: no lookup for its next calls (`store.ts`).
  request.server.sessionStates.read(token, {
    weak: isWeakPasswordStatus(password_status),
    forced: mfa_forced,
    account: user.body.data.id,
  });
  // The journey is over: the account's language takes over, for the next visit's sign-in
  // pages too (docs/product.md part 4, root on load; docs/journeys-signin.md).
  if (variantLanguages(request.variant).some((locale) => locale.slice(0, 2) === language)) {
    reply.setCookie('lang', language, {
      path: '/',
      sameSite: 'lax',
      secure: request.publicOrigin.https,
      maxAge: ONE_YEAR_S,
    });
  }
  if (isWeakPasswordStatus(password_status)) {
    return withQuery('/weak-password', { verified: 'true', target });
  }
  // After a lockdown, the passkeys and second factors are looked at first (docs/flows.md).
  if (user.body.data.security_review) return withQuery(REVIEW_PAGE, { redirect: target });
  // A deletion under way (docs/flows.md, "Ask for deletion"): keep the account, or go on.
  if (deletion?.status === 200 && deletion.body.scheduled) {
    return withQuery('/deletion-pending', { target });
  }
  const client = targetClient(target);
  const partner = client !== null && isPartnerClient(client);
  if (mfa_forced && !partner) return withQuery('/setup-mfa', { redirect: target });
  if (mfa_customer && !mfa_forced && !partner) {
    const methods = await upstreamOf(request).mfa.listMethods({
      query: {},
      extraHeaders: headers,
    });
    if (methods.status === 200 && methods.body.length === 0) {
      return withQuery('/setup-mfa', { redirect: target });
    }
  }
  return target ?? DASHBOARD;
}

export type Reply = Parameters<typeof startSession>[1] & Parameters<typeof endFlow>[1];

/** A door's session starts: what the browser learns (never the token) and the page it goes to. */
export async function openSession(
  request: FastifyRequest,
  reply: Reply,
  answer: SessionAnswer,
  target: string | null,
): Promise<{ signed_in: true; weak: boolean; next: string }> {
  const { weak } = await startSession(request, reply, answer);
  const next = await nextAfterSession(request, reply, answer.access_token, weak, target);
  return { signed_in: true, weak, next };
}

/** Sends a code by `method` (the account API's `GET /mfa/sudo` with the sign-in's payload). */
async function sendCode(request: FastifyRequest, payload: string, mfaId: number) {
  const res = await upstreamOf(request).auth.startSudo({
    query: { payload, mfaId },
    extraHeaders: upstreamHeaders(request),
  });
  return codeSent(res, mfaId, FLOW_GONE);
}

/** The method a sign-in starts with, unasked: the primary one, or the only one. */
export function firstMethod(methods: readonly MfaMethod[]): MfaMethod | null {
  const usable = methods.filter((m) => m.method !== 'totpRecovery' && m.id > 0);
  return usable.find((m) => m.primary) ?? (usable.length === 1 ? (usable[0] ?? null) : null);
}

/**
 * docs/product.md part 4, Login 2: a password was right and the account's second
 * factor is needed. A new journey (one already under way in this browser is
 * replaced) with the challenge kept in its flow; the primary method's code is
 * sent at once (within its code budgets) and the code screen is next, else
 * the method list. Every door
 * that asks the sign-in's second factor enters here (the password sign-in,
 * the workplace login linked to an account).
 */
export async function secondFactor(
  request: FastifyRequest,
  reply: Reply,
  entry: {
    challenge: { payload: string; methods: MfaMethod[] };
    login: string;
    target: string | null;
    /** The language of the journey that hands over (forgot password), kept to the end. */
    language?: JourneyLanguage;
  },
): Promise<Extract<StepResult, { status: 200 }>> {
  const { payload, methods } = entry.challenge;
  const state: SignInState = { step: 'methods', payload, methods, login: entry.login, check: null };
  const flow: SignInFlow = {
    journey: SIGN_IN,
    language: entry.language ?? languageOf(request),
    target: entry.target,
    state,
    expiresAt: 0,
  };
  const id = await startFlow(request, reply, flow);
  const first = firstMethod(methods);
  // The code sent unasked spends what the method step's would (its method, its challenge);
  // over budget, the list comes instead and picking a method says how long to wait.
  const spent =
    first &&
    (await request.server.codeBudget?.(request, {
      recipient: `method:${first.id}`,
      account: `challenge:${payload}`,
    }));
  if (first && !spent) {
    const sent = await sendCode(request, payload, first.id);
    if (sent.ok) {
      const next: SignInFlow = { ...flow, state: { ...state, step: 'code', check: sent.check } };
      await saveFlow(request, id, next);
      return { status: 200, body: { next: '/mfa', view: viewOf(next) } };
    }
  }
  return { status: 200, body: { next: '/mfa/methods', view: viewOf(flow) } };
}

/** The steps of the journey: each is one contract operation (`portalApi.signIn`). */
export const signInSteps = {
  /**
   * E-mail address or phone number and password (docs/product.md part 4, Login 1–5).
   * Always a new journey: one already under way in this browser is replaced.
   */
  async password(
    request: FastifyRequest,
    reply: Reply,
    input: { username: string; password: string; captcha?: string | undefined; target?: string },
  ): Promise<StepResult> {
    // A number as the app sends it (E.164), however it was typed: a plain form sends it as typed
    // (`0621 000 001`), and the code screens show the number typed in full only when it is one.
    const username = input.username.includes('@')
      ? input.username
      : (toE164(input.username, request.variant === 'lu' ? 'LU' : 'BE') ?? input.username);
    try {
      await request.server.captcha?.(request, input.captcha);
    } catch (err) {
      if (
        err instanceof GatewayError &&
        (err.kind === 'captcha' || err.kind === 'captcha_unavailable')
      ) {
        if (err.kind === 'captcha') signInOutcome(request, 'captcha_refused', username);
        return refused(err.kind === 'captcha' ? 400 : 502, err.kind, err.message, {
          field: 'captcha',
        });
      }
      throw err;
    }
    const target = await resolveSignInTarget(request, input.target);
    const res = await upstreamOf(request).auth.createToken({
      body: { grant_type: 'password', username: username, password: input.password },
      extraHeaders: upstreamHeaders(request),
    });
    switch (res.status) {
      case 200: {
        if ('scope' in res.body) throw new GatewayError('upstream_contract');
        return {
          status: 200,
          body: { next: (await openSession(request, reply, res.body, target)).next, view: null },
        };
      }
      case 401: {
        if (!('mfa' in res.body)) throw new GatewayError('upstream_contract');
        signInOutcome(request, 'second_factor_asked', username);
        return secondFactor(request, reply, {
          challenge: res.body.mfa,
          login: username,
          target,
        });
      }
      case 403: {
        // A locked account (docs/flows.md, "Lock my account"): the right password opens
        // the reset journey for that login, the one way back in.
        if (res.body.code !== PASSWORD_RESET_REQUIRED) throw new GatewayError('upstream_contract');
        signInOutcome(request, 'reset_required', username);
        return { status: 200, body: { next: resetJourneyFor(username), view: null } };
      }
      case 429:
        signInOutcome(request, 'locked', username);
        return {
          ...refused(429, res.body.code, res.body.message),
          retryAfter: res.headers.get('retry-after') ?? undefined,
        };
      default: {
        signInOutcome(request, 'refused', username);
        const body = res.body as SignInStepRefusal;
        return refused(400, body.code ?? 'invalid', body.message ?? 'Invalid username/password.', {
          field: 'password',
          ...(typeof body.attempts_left === 'number' ? { attempts_left: body.attempts_left } : {}),
        });
      }
    }
  },

  /** "Use another method", then one picked from the list: its code is sent. */
  async method(
    request: FastifyRequest,
    _reply: Reply,
    input: { mfaId: number },
  ): Promise<StepResult> {
    const current = await currentFlow<SignInState>(request, SIGN_IN);
    if (!current) return FLOW_GONE;
    const { id, flow } = current;
    const { state } = flow;
    const method = state.methods.find((m) => m.id === input.mfaId && m.id > 0);
    if (!method) {
      return refused(400, 'invalid_method', 'Choose one of the methods listed.', {
        field: 'mfaId',
      });
    }
    const sent = await sendCode(request, state.payload, method.id);
    if (!sent.ok) {
      if (sent.result.status === 410) await endFlow(request, _reply, id);
      return sent.result;
    }
    const next: SignInFlow = { ...flow, state: { ...state, step: 'code', check: sent.check } };
    await saveFlow(request, id, next);
    return { status: 200, body: { next: '/mfa', view: viewOf(next) } };
  },

  /** "Send a new code": by the same method. */
  async resend(request: FastifyRequest, reply: Reply): Promise<StepResult> {
    const current = await currentFlow<SignInState>(request, SIGN_IN);
    if (!current) return FLOW_GONE;
    const { state } = current.flow;
    if (state.step !== 'code' || !state.check) return OUT_OF_ORDER;
    return signInSteps.method(request, reply, { mfaId: state.check.mfaId });
  },

  /** The code (docs/product.md part 4, "After a correct code"). */
  async code(
    request: FastifyRequest,
    reply: Reply,
    input: { code: string; trust?: boolean | undefined; card_number?: string | undefined },
  ): Promise<StepResult> {
    const current = await currentFlow<SignInState>(request, SIGN_IN);
    if (!current) return FLOW_GONE;
    const { id, flow } = current;
    const { state } = flow;
    if (state.step !== 'code' || !state.check) return OUT_OF_ORDER;
    // A sign-in by a second factor, perhaps about to trust this device: the account API
    // sees a device key nobody else has held (docs/decisions/0009-session-and-device-keys.md).
    renewDeviceKey(request, reply);
    const res = await upstreamOf(request).auth.confirmSudo({
      body: {
        payload: state.check.payload,
        code: input.code,
        isTrustedDevice: input.trust === true,
        ...(input.card_number ? { card_number: input.card_number } : {}),
      },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return codeRefused(request, reply, id, res, FLOW_GONE);
    secondFactorOutcome(request, 'passed');
    const answer = res.body;
    if (!('access_token' in answer)) throw new GatewayError('upstream_contract');
    const { weak } = await startSession(request, reply, answer);
    if (input.trust) void sessionEvent(request, 'device.trusted', {}, answer.access_token);
    const method = state.check.method;
    const { target } = flow;
    if (answer.fuzzion) {
      // docs/product.md part 4, duplicate merge: its own flow, the payload kept in it
      // (loaded here: the merge's module builds on this one).
      const { startMerge } = await import('./merge');
      const next = await startMerge(request, reply, {
        payload: answer.fuzzion.payload,
        signedInBy: method,
        target,
        language: flow.language,
      });
      return { status: 200, body: { next, view: null } };
    }
    await endFlow(request, reply, id);
    if (method === 'totpRecovery') {
      const left = String(answer.recovery_keys_left ?? 0);
      return {
        status: 200,
        body: { next: withQuery('/mfa/totp-recovery', { x: left, target }), view: null },
      };
    }
    return {
      status: 200,
      body: {
        next: await nextAfterSession(
          request,
          reply,
          answer.access_token,
          weak,
          target,
          flow.language,
        ),
        view: null,
      },
    };
  },
};

/** The flow-read: what the sign-in's pages (and the journeys it hands over to) need of it. */
export async function readSignIn(request: FastifyRequest) {
  const current = await currentFlow<SignInState>(request, SIGN_IN);
  if (!current) return null;
  return current.flow;
}
