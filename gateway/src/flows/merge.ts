import type { Fuzzion, MergeView, MfaKind, SignInView } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import { sessionToken, startSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { passwordCaptcha, passwordCheckOutcome } from '../security-events';
import { type CodeSent, type Offered, refused, type StepRefused } from './code-step';
import { DASHBOARD, type JourneyLanguage, type Reply, type StepResult, withQuery } from './sign-in';
import { readStepUp } from './step-up';
import { currentFlow, endFlow, type Flow, saveFlow, startFlow } from './store';

/*
 * The duplicate merge (fuzzion; docs/flows.md, "Duplicate merge";
 * docs/product.md parts 2 and 4), owned by the gateway. A sign-in's code
 * answered with a merge payload (the browser is signed in by then) hands
 * over here: the payload stays in this flow, the browser reads what the
 * pages draw and sends each step (JSON, or the forms of `/duplicated`,
 * `/mfa/methods` and `/mfa`) and follows the `next` it is answered.
 *
 *   state     step sent              account API says               next state  the browser goes to
 *   (sign-in) code                   200 + fuzzion                  proposal    /duplicated
 *   proposal  claim(card|password)   200, proven                    proposal    /duplicated (the decision)
 *   proposal  claim(card|password)   422                            proposal    /duplicated?step=…, "invalid" at its field
 *   proposal|methods|code  method(mfaId)  200 code sent             code        /mfa
 *   code      resend                 200 code sent again            code        /mfa
 *   code      code                   200, a method left to confirm  methods     /mfa/methods
 *   code      code                   200, proven                    proposal    /duplicated (the decision)
 *   code      code                   422                            code        /mfa, "invalid" at the field
 *   proposal  decide(merge)          200 the merged session         (spent)     /fuzzion-success?redirect=
 *   proposal  decide(apart)          204                            (spent)     /fuzzion-success?outcome=declined&redirect=
 *   any       decide(not_me|later)   204                            (spent)     the target, else the dashboard
 *   any       any                    404 / 409 merge_failed         (spent)     410: the technical error
 *   anything else: 409 (a step out of order); no flow: 410 (expired or spent); no session: 401
 */

export const MERGE = 'merge';

export interface MergeState {
  step: 'proposal' | 'methods' | 'code';
  /** The account API's merge payload: never leaves the gateway. */
  payload: string;
  /** How the sign-in was confirmed: its channel is offered first for the code. */
  signedInBy: MfaKind;
  /** The other account's methods a code may still go to. */
  methods: Offered[];
  check: CodeSent | null;
}

type MergeFlow = Flow<MergeState>;
type MergeResult =
  | StepResult
  | StepRefused
  | { status: 401; body: { code: string; message: string } };

/** docs/product.md part 8's words for a merge that is gone (spent, expired, broken). */
export const MERGE_GONE = refused(
  410,
  'flow_gone',
  'A technical error occurred during the merging of the accounts. Try again later.',
);
const OUT_OF_ORDER = refused(
  409,
  'flow_step',
  'This step does not belong here: the merge is at another step.',
);
const NO_SESSION = {
  status: 401 as const,
  body: { code: 'unauthenticated', message: 'Sign in first.' },
};
const INVALID = 'The information you provided is invalid.';

/** The other account's methods a code can go to, the sign-in's channel first. */
const codeMethodsOf = (fuzzion: Fuzzion, first: MfaKind): Offered[] =>
  fuzzion.mfa
    .filter((m) => m.method === 'email' || m.method === 'sms')
    .map(({ id, method, target, primary }) => ({ id, method, target, primary }))
    .sort((a, b) => Number(b.method === first) - Number(a.method === first));

/**
 * docs/product.md part 4: the sign-in's code found a duplicate. The sign-in's
 * flow is spent and the merge's starts, in the same language and towards the
 * same target; the browser (signed in now) goes to `/duplicated`.
 */
export async function startMerge(
  request: FastifyRequest,
  reply: Reply,
  entry: { payload: string; signedInBy: MfaKind; target: string | null; language: JourneyLanguage },
): Promise<string> {
  const state: MergeState = {
    step: 'proposal',
    payload: entry.payload,
    signedInBy: entry.signedInBy,
    methods: [],
    check: null,
  };
  await startFlow(request, reply, {
    journey: MERGE,
    language: entry.language,
    target: entry.target,
    state,
  });
  return '/duplicated';
}

/** The merge under way in this browser (its session is needed for every step). */
async function current(request: FastifyRequest) {
  if (!sessionToken(request)) return NO_SESSION;
  return (await currentFlow<MergeState>(request, MERGE)) ?? MERGE_GONE;
}

/** What an account API refusal of the merge comes to (the merge gone ends its flow). */
async function refusal(
  request: FastifyRequest,
  reply: Reply,
  id: string,
  res: { status: number; body: unknown; headers: Headers },
  field: 'code' | 'card_number' | 'password' | 'mfaId',
): Promise<MergeResult> {
  const body = res.body as { code?: string; message?: string };
  if (res.status === 422) return refused(400, 'invalid', INVALID, { field });
  if (res.status === 401) return NO_SESSION;
  if (res.status === 429) {
    return {
      ...refused(429, body.code ?? 'too_many_attempts', body.message ?? INVALID, { field }),
      retryAfter: res.headers.get('retry-after') ?? undefined,
    };
  }
  if (res.status === 409 && body.code === 'wrong_step') return OUT_OF_ORDER;
  if (res.status === 400) {
    return refused(400, body.code ?? 'invalid_request', body.message ?? INVALID, { field });
  }
  // 404 fuzzion_expired, 409 merge_failed: the merge is over.
  await endFlow(request, reply, id);
  return MERGE_GONE;
}

/** After a proof: a code still to confirm (the list), else the decision. */
async function proven(
  request: FastifyRequest,
  id: string,
  flow: MergeFlow,
  fuzzion: Fuzzion,
): Promise<MergeResult> {
  const methods = codeMethodsOf(fuzzion, flow.state.signedInBy);
  const more = fuzzion.mfa.length > 0 && fuzzion.data.stage !== 'confirmed';
  const state: MergeState = {
    ...flow.state,
    payload: fuzzion.payload,
    step: more ? 'methods' : 'proposal',
    methods,
    check: null,
  };
  await saveFlow(request, id, { ...flow, state });
  return { status: 200, body: { next: more ? '/mfa/methods' : '/duplicated', view: null } };
}

/** What `/mfa` and `/mfa/methods` draw of the merge's code: the other account's methods, masked. */
export function mergeCodesView(flow: MergeFlow): SignInView {
  const { state } = flow;
  return {
    journey: 'merge',
    step: state.step === 'code' ? 'code' : 'methods',
    login: '',
    methods: state.methods,
    check: state.check,
    target: flow.target,
  };
}

/** The steps of the merge: each is one contract operation (`portalApi.merge`). */
export const mergeSteps = {
  /** What `/duplicated` draws: read afresh from the account API (a code may have proven ownership). */
  async read(request: FastifyRequest, reply: Reply): Promise<MergeView | MergeResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const res = await upstreamOf(request).fuzzion.details({
      body: { payload: flow.state.payload },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return refusal(request, reply, id, res, 'code');
    const fuzzion = res.body;
    const codes = codeMethodsOf(fuzzion, flow.state.signedInBy);
    if (flow.state.methods.length === 0 && codes.length > 0) {
      await saveFlow(request, id, { ...flow, state: { ...flow.state, methods: codes } });
    }
    const proofs = (['card', 'password', 'code'] as const).filter(
      (proof) => fuzzion.data.claims.includes(proof) && (proof !== 'code' || codes.length > 0),
    );
    return {
      data: fuzzion.data,
      proofs,
      signedInBy: flow.state.signedInBy,
      target: flow.target,
    };
  },

  /** The other account's card number or its platform's password. */
  async claim(
    request: FastifyRequest,
    reply: Reply,
    input: {
      card_number?: string | undefined;
      password?: string | undefined;
      captcha?: string | undefined;
    },
  ): Promise<MergeResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const byPassword = input.password !== undefined;
    // A password proof is a password check: guarded and counted as the sign-in is.
    if (byPassword) await passwordCaptcha(request, input.captcha, 'merge');
    const res = await upstreamOf(request).fuzzion.claim({
      body: {
        payload: flow.state.payload,
        ...(byPassword ? { password: input.password } : { card_number: input.card_number }),
      },
      extraHeaders: upstreamHeaders(request),
    });
    if (byPassword) passwordCheckOutcome(request, res.status, res.status === 422, 'merge');
    if (res.status !== 200) {
      return refusal(request, reply, id, res, byPassword ? 'password' : 'card_number');
    }
    return proven(request, id, flow, res.body);
  },

  /** A code to one of the other account's methods. */
  async method(
    request: FastifyRequest,
    reply: Reply,
    input: { mfaId: number },
  ): Promise<MergeResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    let { methods } = flow.state;
    if (methods.length === 0) {
      // Straight from the proposal: the methods are the account API's answer now.
      const details = await upstreamOf(request).fuzzion.details({
        body: { payload: flow.state.payload },
        extraHeaders: upstreamHeaders(request),
      });
      if (details.status !== 200) return refusal(request, reply, id, details, 'mfaId');
      methods = codeMethodsOf(details.body, flow.state.signedInBy);
    }
    const method = methods.find((m) => m.id === input.mfaId);
    if (!method) {
      return refused(400, 'invalid_method', 'This verification method does not exist.', {
        field: 'mfaId',
      });
    }
    const res = await upstreamOf(request).fuzzion.sendCode({
      body: {
        payload: flow.state.payload,
        mfaId: method.id,
        ...(method.id < 0 ? { target: method.target } : {}),
      },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return refusal(request, reply, id, res, 'mfaId');
    const check: CodeSent = {
      method: res.body.method.method,
      target: res.body.method.target,
      mfaId: method.id,
    };
    const next: MergeFlow = {
      ...flow,
      state: { ...flow.state, payload: res.body.payload, methods, step: 'code', check },
    };
    await saveFlow(request, id, next);
    return { status: 200, body: { next: '/mfa', view: mergeCodesView(next) } };
  },

  /** "Send a new code": by the same method. */
  async resend(request: FastifyRequest, reply: Reply): Promise<MergeResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { state } = found.flow;
    if (state.step !== 'code' || !state.check) return OUT_OF_ORDER;
    return mergeSteps.method(request, reply, { mfaId: state.check.mfaId });
  },

  /** The code sent to the other account. */
  async code(request: FastifyRequest, reply: Reply, input: { code: string }): Promise<MergeResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    if (flow.state.step !== 'code' || !flow.state.check) return OUT_OF_ORDER;
    const res = await upstreamOf(request).fuzzion.confirmCode({
      body: { payload: flow.state.payload, code: input.code },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 422) return refused(400, 'invalid_code', INVALID, { field: 'code' });
    if (res.status !== 200) return refusal(request, reply, id, res, 'code');
    return proven(request, id, flow, res.body);
  },

  /** The merge's end: merge, keep apart (both once proven), not me, later. */
  async decide(
    request: FastifyRequest,
    reply: Reply,
    input: { decision: 'merge' | 'apart' | 'not_me' | 'later' },
  ): Promise<MergeResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const body = { payload: flow.state.payload };
    const extraHeaders = upstreamHeaders(request);
    const fuzzion = upstreamOf(request).fuzzion;
    const { target } = flow;
    if (input.decision === 'merge') {
      const res = await fuzzion.accept({ body, extraHeaders });
      if (res.status !== 200) return refusal(request, reply, id, res, 'code');
      // The merged account's session replaces this one (the token never reaches the browser).
      await startSession(request, reply, res.body);
      await endFlow(request, reply, id);
      return {
        status: 200,
        body: { next: withQuery('/fuzzion-success', { redirect: target }), view: null },
      };
    }
    if (input.decision === 'apart') {
      const res = await fuzzion.decline({ body, extraHeaders });
      if (res.status !== 204) return refusal(request, reply, id, res, 'code');
      await endFlow(request, reply, id);
      return {
        status: 200,
        body: {
          next: withQuery('/fuzzion-success', { outcome: 'declined', redirect: target }),
          view: null,
        },
      };
    }
    const res =
      input.decision === 'not_me'
        ? await fuzzion.notMe({ body, extraHeaders })
        : await fuzzion.ignore({ body, extraHeaders });
    // A merge that is over already (404) has nothing left to settle.
    if (res.status !== 204 && res.status !== 404) throw new GatewayError('upstream_contract');
    await endFlow(request, reply, id);
    return { status: 200, body: { next: target ?? DASHBOARD, view: null } };
  },
};

/** The merge's code steps under way, as `/mfa` and `/mfa/methods` draw them, or null. */
export async function readMergeCodes(request: FastifyRequest): Promise<SignInView | null> {
  if (!sessionToken(request)) return null;
  const found = await currentFlow<MergeState>(request, MERGE);
  return found && mergeCodesView(found.flow);
}

/** A signed-in user's second-factor steps under way (`/mfa`, `/mfa/methods`): a step-up's or a merge's. */
export async function readSignedInSteps(request: FastifyRequest): Promise<SignInView | null> {
  return (await readStepUp(request)) ?? (await readMergeCodes(request));
}
