import type { SignInView } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { renewSession, sessionToken, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { secondFactorOutcome } from '../security-events';
import { type CodeCheck, codeRefused, codeSent, type Offered, refused } from './code-step';
import {
  DASHBOARD,
  firstMethod,
  languageOf,
  type Reply,
  resolveSignInTarget,
  type StepResult,
  withQuery,
} from './sign-in';
import { currentFlow, endFlow, type Flow, saveFlow, startFlow } from './store';

/*
 * The step-up (`sudo`; docs/flows.md, "Step-up"; docs/product.md part 4),
 * owned by the gateway: a signed-in page or change that needs a recent
 * second factor sends the browser here (`POST /api/step-up/start`, or the
 * page `GET /step-up?target=` for a link), with the page as its target. The
 * browser sends each step (as JSON, or as the plain form of `/mfa` and
 * `/mfa/methods`, the sign-in's own pages) and follows the `next` answered;
 * it keeps nothing of the check.
 *
 *   state      step sent            account API says              next state  the browser goes to
 *   (none)     start(target)        a recent check holds          (none)      the target
 *   (none)     start(target)        methods, a primary (or one)   code        /mfa (its code sent)
 *   (none)     start(target)        methods, none primary         methods     /mfa/methods
 *   (none)     start(target)        a passkey, or `quiet` (a link) methods    /mfa/methods (passkey first, nothing sent)
 *   (none)     start(target)        no method                     (none)      400 `no_method`
 *   code       (link) another method -                            code        /mfa/methods
 *   code|methods  method(mfaId)     200 code sent                 code        /mfa
 *   code       resend               200 code sent again           code        /mfa
 *   code       code                 200 sudo                      (spent)     the target (a recovery key: /mfa/totp-recovery first)
 *   code       code                 400 / 422                     code        /mfa, "Your code is invalid"
 *   code       code                 410 spent / 429 paused        (spent)/code /mfa, message
 *   any        passkey (done)       the check holds               (spent)     the target
 *   anything else: 409 (a step out of order); no flow: 410 (expired or spent); no session: 401
 */

export const STEP_UP = 'step-up';

export interface StepUpState {
  step: 'methods' | 'code';
  methods: Offered[];
  check: CodeCheck | null;
}

type StepUpFlow = Flow<StepUpState>;

/** docs/product.md part 8's words for a check that is over (expired, spent or never started). */
export const STEP_UP_GONE = refused(
  410,
  'flow_gone',
  'This check has expired or is already complete. Please try again.',
);
const OUT_OF_ORDER = refused(
  409,
  'flow_step',
  'This step does not belong here: the check is at another step.',
);
const NO_SESSION = {
  status: 401 as const,
  body: { code: 'unauthenticated', message: 'Sign in first.' },
};
type StepUpResult = StepResult | typeof NO_SESSION;

/** What `/mfa` and `/mfa/methods` draw of a step-up: the methods and the code under way, no payload. */
export function stepUpView(flow: StepUpFlow): SignInView {
  const { state } = flow;
  return {
    journey: 'step-up',
    step: state.step,
    login: '',
    methods: state.methods,
    check: state.check && {
      method: state.check.method,
      target: state.check.target,
      mfaId: state.check.mfaId,
    },
    target: flow.target,
  };
}

/** The page a finished step-up goes to (a recovery key used: how many are left, first). */
const ending = (flow: StepUpFlow, recoveryKeysLeft?: number): string => {
  if (recoveryKeysLeft !== undefined) {
    return withQuery('/mfa/totp-recovery', { x: String(recoveryKeysLeft), target: flow.target });
  }
  return flow.target ?? DASHBOARD;
};

/** Sends a code by `mfaId` (0: the card) for the signed-in user (`GET /mfa/sudo`). */
async function sendCode(request: FastifyRequest, mfaId: number, payload: string | null) {
  const res = await upstreamOf(request).auth.startSudo({
    query: {
      single: '1',
      ...(mfaId > 0 ? { mfaId } : {}),
      ...(payload ? { payload } : {}),
    },
    extraHeaders: upstreamHeaders(request),
  });
  return codeSent(res, mfaId, STEP_UP_GONE);
}

/** The methods a step-up offers: the card alone when it is the way (`need_card`), else the user's own. */
async function offeredMethods(
  request: FastifyRequest,
): Promise<{ methods: Offered[]; passkey: boolean } | 'sudo' | null> {
  const extraHeaders = upstreamHeaders(request);
  const status = await upstreamOf(request).auth.mfaStatus({ extraHeaders });
  if (status.status !== 200) return null;
  if (status.body.sudo) return 'sudo';
  const [own, passkeys] = await Promise.all([
    status.body.need_card ? null : upstreamOf(request).mfa.listMethods({ query: {}, extraHeaders }),
    // Not knowing of a passkey only means a code is sent first.
    upstreamOf(request)
      .passkeys.listPasskeys({ extraHeaders })
      .catch(() => null),
  ]);
  const passkey = passkeys?.status === 200 && passkeys.body.passkeys.length > 0;
  if (own === null) {
    return { methods: [{ id: 0, method: 'card', target: null, primary: true }], passkey };
  }
  if (own.status !== 200) return null;
  const methods = own.body
    .filter((m) => m.id > 0)
    .map(({ id, method, target, primary }) => ({ id, method, target, primary }));
  return { methods, passkey };
}

/** The step-up under way in this browser (a session is needed for every step). */
async function current(request: FastifyRequest) {
  if (!sessionToken(request)) return NO_SESSION;
  return (await currentFlow<StepUpState>(request, STEP_UP)) ?? STEP_UP_GONE;
}

/** The steps of the step-up: each is one contract operation (`portalApi.stepUp`). */
export const stepUpSteps = {
  /**
   * A new step-up (one journey under way in this browser is replaced), its
   * target resolved and checked once. `send: false` (a link from another
   * site) or a passkey to offer: the list, no code sent unasked.
   */
  async start(
    request: FastifyRequest,
    reply: Reply,
    input: { target?: string | undefined },
    send = true,
  ): Promise<StepUpResult> {
    if (!sessionToken(request)) return NO_SESSION;
    const target = await resolveSignInTarget(request, input.target);
    const offered = await offeredMethods(request);
    if (offered === null) return NO_SESSION;
    // A recent check holds (another tab passed it): straight on.
    if (offered === 'sudo') return { status: 200, body: { next: target ?? DASHBOARD, view: null } };
    const pickable = offered.methods.filter((m) => m.method !== 'totpRecovery' || m.id > 0);
    if (pickable.length === 0) {
      return refused(400, 'no_method', 'No verification method is set up for this account.');
    }
    const state: StepUpState = { step: 'methods', methods: pickable, check: null };
    const flow: StepUpFlow = {
      journey: STEP_UP,
      language: languageOf(request),
      target,
      state,
      expiresAt: 0,
    };
    const id = await startFlow(request, reply, flow);
    const first =
      pickable.length === 1 && pickable[0]?.id === 0 ? pickable[0] : firstMethod(pickable);
    // The user's passkey is offered first (docs/journeys-signin.md): no code sent unasked.
    if (first && send && !offered.passkey) {
      const sent = await sendCode(request, first.id, null);
      if (sent.ok) {
        const next: StepUpFlow = { ...flow, state: { ...state, step: 'code', check: sent.check } };
        await saveFlow(request, id, next);
        return { status: 200, body: { next: '/mfa', view: stepUpView(next) } };
      }
      if (sent.result.status === 429) {
        return { status: 200, body: { next: '/mfa/methods', view: stepUpView(flow) } };
      }
    }
    return { status: 200, body: { next: '/mfa/methods', view: stepUpView(flow) } };
  },

  /** "Use this method": its code is sent (a new code by another method keeps the same check). */
  async method(
    request: FastifyRequest,
    reply: Reply,
    input: { mfaId: number },
  ): Promise<StepUpResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const { state } = flow;
    const method = state.methods.find((m) => m.id === input.mfaId);
    if (!method) {
      return refused(400, 'invalid_method', 'This verification method does not exist.', {
        field: 'mfaId',
      });
    }
    const sent = await sendCode(request, method.id, state.check?.payload ?? null);
    if (!sent.ok) {
      if (sent.result.status === 410) await endFlow(request, reply, id);
      return sent.result;
    }
    const next: StepUpFlow = { ...flow, state: { ...state, step: 'code', check: sent.check } };
    await saveFlow(request, id, next);
    return { status: 200, body: { next: '/mfa', view: stepUpView(next) } };
  },

  /** "Send a new code": by the same method. */
  async resend(request: FastifyRequest, reply: Reply): Promise<StepUpResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { state } = found.flow;
    if (state.step !== 'code' || !state.check) return OUT_OF_ORDER;
    return stepUpSteps.method(request, reply, { mfaId: state.check.mfaId });
  },

  /** The code (and the card's number): the check holds, the session moves to a new token. */
  async code(
    request: FastifyRequest,
    reply: Reply,
    input: { code: string; card_number?: string | undefined },
  ): Promise<StepUpResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const { state } = flow;
    if (state.step !== 'code' || !state.check) return OUT_OF_ORDER;
    const res = await upstreamOf(request).auth.confirmSudo({
      body: {
        payload: state.check.payload,
        code: input.code,
        ...(input.card_number ? { card_number: input.card_number } : {}),
      },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 401) return NO_SESSION;
    if (res.status !== 200) return codeRefused(request, reply, id, res, STEP_UP_GONE);
    secondFactorOutcome(request, 'passed');
    await endFlow(request, reply, id);
    // The session's new privilege goes with a new token (docs/threat-model.md, "A session's life").
    await renewSession(request, reply);
    return { status: 200, body: { next: ending(flow, res.body.recovery_keys_left), view: null } };
  },

  /** The passkey was used instead (`POST /api/passkeys/authenticate`, sudo): on to the target. */
  async passkey(request: FastifyRequest, reply: Reply): Promise<StepUpResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const status = await upstreamOf(request).auth.mfaStatus({
      extraHeaders: upstreamHeaders(request),
    });
    if (status.status !== 200) return NO_SESSION;
    if (!status.body.sudo) {
      return refused(400, 'passkey_not_used', 'Use your passkey, or a code, first.');
    }
    await endFlow(request, reply, found.id);
    return { status: 200, body: { next: ending(found.flow), view: null } };
  },
};

/** The flow-read: what `/mfa` and `/mfa/methods` draw of a step-up, or null. */
export async function readStepUp(request: FastifyRequest): Promise<SignInView | null> {
  if (!sessionToken(request)) return null;
  const found = await currentFlow<StepUpState>(request, STEP_UP);
  return found && stepUpView(found.flow);
}
