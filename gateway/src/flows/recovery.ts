import {
  type RecoveryField,
  type RecoveryRefusal,
  type RecoveryView,
  type SignInView,
  toE164,
  type UsernamesView,
  type Variant,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import { upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { securityEvent, signInOutcome } from '../security-events';
import { languageOf, openSession, type Reply, resolveSignInTarget, secondFactor } from './sign-in';
import { currentFlow, endFlow, type Flow, saveFlow, startFlow } from './store';

/*
 * Forgot password, ending signed in (docs/flows.md, "Recovery"; issue 40),
 * owned by the gateway as the sign-in is: the browser sends a step (JSON to
 * the portal API, or the step's page as a plain HTML form, which the gateway
 * turns into the same call) and follows the `next` it is answered. The
 * reset's payload and the checked code stay here.
 *
 *   state     step sent          account API says                 next state       the browser goes to
 *   (none)    start(login)       200 (a code sent, or a decoy)    code             /forgot-password-sent
 *   (none)    start              not an address / number, captcha (none)           same page, message at its field
 *   code      resend(channel?)   200 (a new code; the old dead)   code             /forgot-password-sent
 *   code      code               204 (right, not used up)         password         /reset-password
 *   code      code               422 (wrong, expired, spent)      code             same page, message at the code
 *   password  password           204, then the password grant:
 *                                  200                            (spent)          afterSignIn(...): target or dashboard
 *                                  401 + methods                  sign-in's code   /mfa (the sign-in's flow from here)
 *   password  password           400 rules / 422 breached         password         same page, message at the password
 *   password  password           422 code expired meanwhile       code             same page: the code to ask again
 *   anything else: 409 (a step out of order); no flow: 410 (expired or spent)
 *
 * Forgot username is one step: the number, then the usernames found, drawn
 * from its flow on `/forgot-username-response`.
 */

export const RECOVERY = 'recovery';
export const FORGOT_USERNAME = 'forgot-username';

export interface RecoveryState {
  step: 'code' | 'password';
  /** The e-mail address or the number in E.164, as the account API was asked. */
  login: string;
  /** The reset's payload (the account API's), never sent to the browser. */
  payload: string;
  recipient: string[];
  channel: 'email' | 'sms';
  /** The code checked at "Check your messages", used with the new password. */
  code: string | null;
}
type RecoveryFlow = Flow<RecoveryState>;

export interface RecoveryRefused {
  status: 400 | 409 | 410 | 429 | 502;
  body: RecoveryRefusal;
}
export type RecoveryResult =
  | {
      status: 200;
      body: {
        next: string;
        view: RecoveryView | null;
        signIn: SignInView | null;
      };
    }
  | RecoveryRefused;

const refused = (
  status: RecoveryRefused['status'],
  code: string,
  message: string,
  field?: RecoveryField,
): RecoveryRefused => ({ status, body: { code, message, ...(field ? { field } : {}) } });

export const RECOVERY_GONE = refused(
  410,
  'flow_gone',
  'This password reset has expired or is already complete. Please start again.',
);
const OUT_OF_ORDER = refused(
  409,
  'flow_step',
  'This step does not belong here: the password reset is at another step.',
);
export const USERNAMES_GONE = refused(
  410,
  'flow_gone',
  'This search has expired. Please look your username up again.',
);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the reset's pages draw: where the code went, never the payload or the code. */
export function recoveryView(flow: RecoveryFlow): RecoveryView {
  const { step, login, recipient, channel } = flow.state;
  return { step, login, recipient, channel, target: flow.target };
}

const toView = (flow: RecoveryFlow, next: string): RecoveryResult => ({
  status: 200,
  body: { next, view: recoveryView(flow), signIn: null },
});

/** The captcha of a journey that ends in a session, asked where the sign-in asks it. */
async function captchaRefusal(
  request: FastifyRequest,
  token: string | undefined,
): Promise<RecoveryRefused | null> {
  try {
    await request.server.captcha?.(request, token);
    return null;
  } catch (err) {
    if (
      err instanceof GatewayError &&
      (err.kind === 'captcha' || err.kind === 'captcha_unavailable')
    ) {
      if (err.kind === 'captcha') {
        securityEvent(request, 'captcha.refused', {}, { reason: 'forgot_password' });
      }
      return refused(err.kind === 'captcha' ? 400 : 502, err.kind, err.message, 'captcha');
    }
    throw err;
  }
}

/** Asks the account API for a reset code; the flow's state with where it went. */
async function sendResetCode(
  request: FastifyRequest,
  login: string,
  technology?: 'email' | 'sms',
): Promise<RecoveryState | RecoveryRefused> {
  const res = await upstreamOf(request).onboarding.forgotPassword({
    body: { login, ...(technology ? { technology } : {}) },
    extraHeaders: upstreamHeaders(request),
  });
  if (res.status !== 200) {
    return refused(400, res.body.code, res.body.message, 'login');
  }
  const { payload, recipient, technology: sent } = res.body;
  return {
    step: 'code',
    login,
    payload,
    recipient,
    channel: sent === 'SMS' ? 'sms' : 'email',
    code: null,
  };
}

const isRefused = (value: object): value is RecoveryRefused => 'status' in value;

/** The steps of the reset: each is one contract operation (`portalApi.recovery`). */
export const recoverySteps = {
  /**
   * The e-mail address or phone number (a phone as typed, read as the
   * variant's national number unless international). Always a new journey.
   */
  async start(
    request: FastifyRequest,
    reply: Reply,
    input: {
      by: 'email' | 'phone';
      login: string;
      captcha?: string | undefined;
      target?: string | undefined;
    },
  ): Promise<RecoveryResult> {
    const typed = input.login.trim();
    let login: string | null;
    if (input.by === 'email') login = EMAIL.test(typed) ? typed.toLowerCase() : null;
    else {
      const plain = typed.replace(/^00/, '+');
      login = typed.includes('@') ? null : toE164(plain, request.variant === 'lu' ? 'LU' : 'BE');
    }
    if (!login) {
      return input.by === 'email'
        ? refused(400, 'invalid_email', 'Type a valid e-mail address.', 'login')
        : refused(400, 'invalid_phone', 'Type a valid phone number.', 'login');
    }
    const captcha = await captchaRefusal(request, input.captcha);
    if (captcha) return captcha;
    const target = await resolveSignInTarget(request, input.target);
    const state = await sendResetCode(request, login);
    if (isRefused(state)) return state;
    const flow: RecoveryFlow = {
      journey: RECOVERY,
      language: languageOf(request),
      target,
      state,
      expiresAt: 0,
    };
    await startFlow(request, reply, flow);
    return toView(flow, '/forgot-password-sent');
  },

  /** "Send a new code" (same channel) or "by text message / by e-mail instead". */
  async resend(
    request: FastifyRequest,
    _reply: Reply,
    input: { technology?: 'email' | 'sms' | undefined },
  ): Promise<RecoveryResult> {
    const current = await currentFlow<RecoveryState>(request, RECOVERY);
    if (!current) return RECOVERY_GONE;
    const { id, flow } = current;
    if (flow.state.step !== 'code') return OUT_OF_ORDER;
    const state = await sendResetCode(request, flow.state.login, input.technology);
    if (isRefused(state)) return state;
    const next: RecoveryFlow = { ...flow, state };
    await saveFlow(request, id, next);
    return toView(next, '/forgot-password-sent');
  },

  /** "Check your messages": the code, checked without using it up. */
  async code(
    request: FastifyRequest,
    _reply: Reply,
    input: { code: string },
  ): Promise<RecoveryResult> {
    const current = await currentFlow<RecoveryState>(request, RECOVERY);
    if (!current) return RECOVERY_GONE;
    const { id, flow } = current;
    if (flow.state.step !== 'code') return OUT_OF_ORDER;
    const res = await upstreamOf(request).onboarding.checkResetCode({
      body: { payload: flow.state.payload, code: input.code },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 400) return refused(400, res.body.code, res.body.message, 'code');
    if (res.status === 422) {
      const code = res.body.code === 'code_expired' ? 'code_expired' : 'invalid_code';
      return refused(400, code, res.body.message, 'code');
    }
    const next: RecoveryFlow = {
      ...flow,
      state: { ...flow.state, step: 'password', code: input.code },
    };
    await saveFlow(request, id, next);
    return toView(next, '/reset-password');
  },

  /**
   * The new password: saved with the checked code, then the sign-in with it,
   * as the password sign-in would go on (docs/product.md part 4): the second factor
   * when the account API asks for it (the sign-in's own code step takes
   * over, in the journey's language and with its target), else the page
   * after a sign-in. The password is typed once and never asked again.
   */
  async password(
    request: FastifyRequest,
    reply: Reply,
    input: { password: string },
  ): Promise<RecoveryResult> {
    const current = await currentFlow<RecoveryState>(request, RECOVERY);
    if (!current) return RECOVERY_GONE;
    const { id, flow } = current;
    const { state } = flow;
    if (state.step !== 'password' || !state.code) return OUT_OF_ORDER;
    const reset = await upstreamOf(request).onboarding.resetPassword({
      body: { payload: state.payload, code: state.code, password: input.password },
      extraHeaders: upstreamHeaders(request),
    });
    if (reset.status === 400) {
      return {
        status: 400,
        body: { ...reset.body, field: 'password' },
      };
    }
    if (reset.status === 422) {
      if (reset.body.code === 'password_breached' || reset.body.code === 'password_unchanged') {
        return refused(400, reset.body.code, reset.body.message, 'password');
      }
      // The code died meanwhile (expired, or a newer one was asked elsewhere): ask for it again.
      await saveFlow(request, id, { ...flow, state: { ...state, step: 'code', code: null } });
      const code = reset.body.code === 'code_expired' ? 'code_expired' : 'invalid_code';
      return refused(400, code, reset.body.message, 'code');
    }
    // A reset by e-mailed code: no session yet, so no account to name.
    securityEvent(request, 'password.changed', {}, { reason: 'reset' });
    const signIn = await upstreamOf(request).auth.createToken({
      body: { grant_type: 'password', username: state.login, password: input.password },
      extraHeaders: upstreamHeaders(request),
    });
    const { target } = flow;
    if (signIn.status === 200 && !('scope' in signIn.body)) {
      await endFlow(request, reply, id);
      const { next } = await openSession(request, reply, signIn.body, target);
      return { status: 200, body: { next, view: null, signIn: null } };
    }
    if (signIn.status === 401 && 'mfa' in signIn.body) {
      signInOutcome(request, 'second_factor_asked', state.login);
      // The sign-in's flow replaces this one (its cookie, its code step).
      const handed = await secondFactor(request, reply, {
        challenge: signIn.body.mfa,
        login: state.login,
        target,
        language: flow.language,
      });
      return {
        status: 200,
        body: { next: handed.body.next, view: null, signIn: handed.body.view },
      };
    }
    // The password is saved but the sign-in did not follow (the account API refused it):
    // the sign-in page, where the new password works.
    await endFlow(request, reply, id);
    const login = state.login.includes('@') ? '/login/email' : '/login/phone';
    const next = target ? `${login}?${new URLSearchParams({ target })}` : login;
    return { status: 200, body: { next, view: null, signIn: null } };
  },
};

/** The reset under way in this browser, or null. */
export async function readRecovery(request: FastifyRequest): Promise<RecoveryFlow | null> {
  return (await currentFlow<RecoveryState>(request, RECOVERY))?.flow ?? null;
}

/** The card number (LU: activation code) or national register number, as the account API takes it. */
function usernameQuery(
  variant: Variant,
  by: 'card' | 'nrn',
  typed: string,
):
  | { card_number: string }
  | { activation_code: string }
  | { national_register_number: string }
  | null {
  if (by === 'nrn') {
    const nrn = typed.replace(/[\s.-]/g, '');
    return variant === 'be' && /^\d{11}$/.test(nrn) ? { national_register_number: nrn } : null;
  }
  if (variant === 'lu') {
    const code = typed.trim().toUpperCase();
    return /^[A-Z]{2}-[A-Z]{3}-\d{4}$/.test(code) ? { activation_code: code } : null;
  }
  const card = typed.replace(/\s/g, '');
  return /^5065\d{12}$/.test(card) ? { card_number: card } : null;
}

/** Forgot username: the number typed, then the answer page drawn from the flow. */
export async function findUsernames(
  request: FastifyRequest,
  reply: Reply,
  input: { by: 'card' | 'nrn'; number: string },
): Promise<RecoveryResult> {
  const query = usernameQuery(request.variant, input.by, input.number);
  if (!query) {
    const lu = request.variant === 'lu';
    return input.by === 'nrn'
      ? refused(400, 'invalid_nrn', 'Your national register number is invalid.', 'number')
      : lu
        ? refused(400, 'invalid_activation_code', 'Your activation code is invalid.', 'number')
        : refused(400, 'invalid_card', 'Your card number is invalid.', 'number');
  }
  const res = await upstreamOf(request).onboarding.forgotUsername({
    body: query,
    extraHeaders: upstreamHeaders(request),
  });
  if (res.status !== 200) return refused(400, res.body.code, res.body.message, 'number');
  const flow: Flow<UsernamesView> = {
    journey: FORGOT_USERNAME,
    language: languageOf(request),
    target: null,
    state: { usernames: res.body.usernames },
    expiresAt: 0,
  };
  await startFlow(request, reply, flow);
  return { status: 200, body: { next: '/forgot-username-response', view: null, signIn: null } };
}

/** The usernames found in this browser, or null. */
export async function readUsernames(request: FastifyRequest): Promise<UsernamesView | null> {
  return (await currentFlow<UsernamesView>(request, FORGOT_USERNAME))?.flow.state ?? null;
}
