import {
  type ForcedMfaKind,
  type ForcedMfaRefusal,
  type ForcedMfaView,
  type MfaMethod,
  toE164,
  type User,
} from '@portal/contract';
import { formatPhone } from '@portal/contract/rules';
import type { FastifyRequest } from 'fastify';
import { renewSession, sessionToken, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { DASHBOARD, languageOf, type Reply, resolveSignInTarget, withQuery } from './sign-in';
import { currentFlow, endFlow, type Flow, saveFlow, startFlow } from './store';

/*
 * The forced second-factor setup (docs/flows.md, "Forced MFA"; docs/product.md
 * part 2 "Forced MFA", part 4's forced-MFA rule), owned by the gateway. The
 * sign-in ends on `/setup-mfa?redirect=<target>` for an account that must set
 * up a second factor (or a customer offered one); that address starts this
 * flow and loses its query. Each step is a plain form on `/setup-mfa` and the
 * same portal call as JSON (`/api/forced-mfa/*`); the browser keeps nothing.
 *
 *   state     step sent         account API says               next state   the browser goes to
 *   (none)    start(target)     forced or offered, steps left  intro        /setup-mfa
 *   (none)    start(target)     nothing left to set up         (none)       the target
 *   (none)    start(target)     neither forced nor offered     (none)       /setup-mfa/selection
 *   intro     begin             -                              contact      /setup-mfa (the first step)
 *   intro     skip (may skip)   -                              (spent)      the target
 *   contact   other (sms)       -                              contact      /setup-mfa, a number asked
 *   contact   send(phone?)      200 code sent                  code         /setup-mfa
 *   contact   send              400 / 409 / 422                contact      /setup-mfa, the reason at `phone`
 *   contact   send              403 sudo_required              contact      /step-up, back to /setup-mfa
 *   code      resend            200 code sent again            code         /setup-mfa
 *   code      code              200 method set up              contact/done /setup-mfa (the next step, or the confirmation)
 *   code      code              400 / 422                      code         /setup-mfa, "Your code is invalid" at `code`
 *   done      finish            -                              (spent)      the target, else the dashboard
 *   anything else: 409 `flow_step`; no flow: 410 `flow_gone`; no session: 401
 */

export const FORCED_MFA = 'forced-mfa';
export const FORCED_MFA_PAGE = '/setup-mfa';
/** The choice of a method, for an account the forced setup is not for. */
const SELECTION_PAGE = '/setup-mfa/selection';

export interface ForcedMfaState {
  step: ForcedMfaView['step'];
  steps: ForcedMfaKind[];
  /** The step under way (index into `steps`). */
  at: number;
  mayskip: boolean;
  customer: boolean;
  other: boolean;
  /** The method waiting for its code: the account API's activation payload and where it went. */
  pending: { id: number; payload: string; target: string | null } | null;
}

type ForcedMfaFlow = Flow<ForcedMfaState>;

interface Refused {
  status: 400 | 401 | 409 | 410 | 429;
  body: ForcedMfaRefusal;
  retryAfter?: string | undefined;
}
export type ForcedMfaResult =
  | { status: 200; body: { next: string; view: ForcedMfaView | null } }
  | Refused;

const refused = (
  status: Refused['status'],
  code: string,
  message: string,
  field?: ForcedMfaRefusal['field'],
): Refused => ({ status, body: { code, message, ...(field ? { field } : {}) } });

export const FORCED_MFA_GONE = refused(
  410,
  'flow_gone',
  'This set-up has expired or is already complete. Please start it again.',
);
const OUT_OF_ORDER = refused(
  409,
  'flow_step',
  'This step does not belong here: the set-up is at another step.',
);
const NO_SESSION = refused(401, 'unauthenticated', 'Sign in first.');
const INVALID_CODE = 'Your code is invalid, try again.';

/** The steps an account still lacks: an e-mail method, then an SMS one (docs/product.md part 2). */
export function missingSteps(methods: readonly MfaMethod[]): ForcedMfaKind[] {
  const has = (kind: ForcedMfaKind) => methods.some((m) => m.id > 0 && m.method === kind);
  return (['email', 'sms'] as const).filter((kind) => !has(kind));
}

/** The user's own address (or number) on file for a step: the primary verified one, else any verified. */
function contactOf(user: User, kind: ForcedMfaKind): string | null {
  const contacts = kind === 'email' ? user.email : user.phone;
  return (
    (contacts.find((c) => c.default && c.verified) ?? contacts.find((c) => c.verified))?.value ??
    null
  );
}

const kindOf = (state: ForcedMfaState): ForcedMfaKind | null =>
  state.step === 'contact' || state.step === 'code' ? (state.steps[state.at] ?? null) : null;

/** What `/setup-mfa` draws of the flow: the step, the contact on file, where the code went. */
export async function forcedMfaView(
  request: FastifyRequest,
  flow: ForcedMfaFlow,
): Promise<ForcedMfaView> {
  const { state } = flow;
  const kind = kindOf(state);
  let contact: string | null = null;
  if (kind && state.step === 'contact') {
    const user = await upstreamOf(request).profile.getUser({
      extraHeaders: upstreamHeaders(request),
    });
    if (user.status === 200) contact = contactOf(user.body.data, kind);
  }
  // A number as its country writes it, drawn so before any script (the page's own formatter
  // loads with it).
  const shown = (value: string | null) => (value && kind === 'sms' ? formatPhone(value) : value);
  return {
    step: state.step,
    kind,
    steps: state.steps,
    mayskip: state.mayskip,
    customer: state.customer,
    contact: shown(contact),
    other: state.other,
    sentTo: shown(state.step === 'code' ? (state.pending?.target ?? null) : null),
    target: flow.target,
  };
}

/** The page the setup is at, with what it draws. */
async function onPage(request: FastifyRequest, flow: ForcedMfaFlow): Promise<ForcedMfaResult> {
  return { status: 200, body: { next: FORCED_MFA_PAGE, view: await forcedMfaView(request, flow) } };
}

/** The setup under way in this browser (a session is needed for every step). */
async function current(
  request: FastifyRequest,
): Promise<{ id: string; flow: ForcedMfaFlow } | Refused> {
  if (!sessionToken(request)) return NO_SESSION;
  return (await currentFlow<ForcedMfaState>(request, FORCED_MFA)) ?? FORCED_MFA_GONE;
}

/** The next state of `flow`, stored, and its page. */
async function moveTo(
  request: FastifyRequest,
  id: string,
  flow: ForcedMfaFlow,
  state: ForcedMfaState,
): Promise<ForcedMfaResult> {
  const next = { ...flow, state };
  await saveFlow(request, id, next);
  return onPage(request, next);
}

/** A refusal of the account API's (`{code, message}`) said at `field`. */
function upstreamRefusal(
  res: { status: number; body: unknown; headers: Headers },
  field: ForcedMfaRefusal['field'],
  fallback: string,
): Refused {
  const body = (res.body ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof body.code === 'string' ? body.code : 'invalid_request';
  const message = typeof body.message === 'string' ? body.message : fallback;
  if (res.status === 429) {
    return {
      ...refused(429, code, message, field),
      retryAfter: res.headers.get('retry-after') ?? undefined,
    };
  }
  return refused(400, code, message, field);
}

/** The steps of the forced setup: each is one contract operation (`portalApi.forcedMfa`). */
export const forcedMfaSteps = {
  /** A new setup (a journey under way in this browser is replaced), its target checked once. */
  async start(
    request: FastifyRequest,
    reply: Reply,
    input: { target?: string | undefined },
  ): Promise<ForcedMfaResult> {
    if (!sessionToken(request)) return NO_SESSION;
    const target = await resolveSignInTarget(request, input.target);
    const extraHeaders = upstreamHeaders(request);
    const [user, methods] = await Promise.all([
      upstreamOf(request).profile.getUser({ extraHeaders }),
      upstreamOf(request).mfa.listMethods({ query: {}, extraHeaders }),
    ]);
    if (user.status !== 200 || methods.status !== 200) return NO_SESSION;
    const { mfa_forced, mfa_customer, customer_user_id } = user.body.data;
    if (!mfa_forced && !mfa_customer) {
      return { status: 200, body: { next: SELECTION_PAGE, view: null } };
    }
    const steps = missingSteps(methods.body);
    if (steps.length === 0) return { status: 200, body: { next: target ?? DASHBOARD, view: null } };
    const flow: ForcedMfaFlow = {
      journey: FORCED_MFA,
      language: languageOf(request),
      target,
      state: {
        step: 'intro',
        steps,
        at: 0,
        mayskip: mfa_customer && !mfa_forced,
        customer: customer_user_id !== null,
        other: false,
        pending: null,
      },
      expiresAt: 0,
    };
    await startFlow(request, reply, flow);
    return onPage(request, flow);
  },

  /** The intro confirmed: on to the first step. */
  async begin(request: FastifyRequest): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    if (flow.state.step !== 'intro') return OUT_OF_ORDER;
    return moveTo(request, id, flow, { ...flow.state, step: 'contact', at: 0 });
  },

  /** A customer who may skip does: the setup is spent, on to the target. */
  async skip(request: FastifyRequest, reply: Reply): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    if (flow.state.step !== 'intro' || !flow.state.mayskip) return OUT_OF_ORDER;
    await endFlow(request, reply, id);
    return { status: 200, body: { next: flow.target ?? DASHBOARD, view: null } };
  },

  /** The phone step asks for another number than the one on file. */
  async other(request: FastifyRequest): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    if (flow.state.step !== 'contact' || kindOf(flow.state) !== 'sms') return OUT_OF_ORDER;
    return moveTo(request, id, flow, { ...flow.state, other: true });
  },

  /** The code goes to the address or number on file, or to the number typed. */
  async send(
    request: FastifyRequest,
    input: { phone?: string | undefined },
  ): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const kind = kindOf(flow.state);
    if (flow.state.step !== 'contact' || !kind) return OUT_OF_ORDER;
    let target: string | undefined;
    if (kind === 'sms' && flow.state.other) {
      const typed = (input.phone ?? '').trim();
      const e164 = typed ? toE164(typed, request.variant === 'lu' ? 'LU' : 'BE') : null;
      if (!e164) {
        return refused(400, 'invalid_phone', 'The phone number provided is invalid.', 'phone');
      }
      target = e164;
    }
    const res = await upstreamOf(request).mfa.setupMethod({
      body:
        kind === 'email' ? { method: 'email' } : { method: 'sms', ...(target ? { target } : {}) },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 401) return NO_SESSION;
    if (res.status === 403) {
      // A recent check is needed first: the step-up, back here after (the setup goes on).
      const back = withQuery(FORCED_MFA_PAGE, { redirect: flow.target });
      return { status: 200, body: { next: withQuery('/step-up', { target: back }), view: null } };
    }
    if (res.status !== 200) {
      return upstreamRefusal(
        res,
        kind === 'sms' ? 'phone' : undefined,
        'The code could not be sent.',
      );
    }
    const pending = { id: res.body.id, payload: res.body.payload, target: res.body.target };
    return moveTo(request, id, flow, { ...flow.state, step: 'code', pending });
  },

  /** A new code to the same address or number. */
  async resend(request: FastifyRequest): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const { pending } = flow.state;
    if (flow.state.step !== 'code' || !pending) return OUT_OF_ORDER;
    const res = await upstreamOf(request).mfa.startActivation({
      params: { id: pending.id },
      query: pending.target ? { target: pending.target } : {},
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 401) return NO_SESSION;
    if (res.status !== 200) return upstreamRefusal(res, 'code', 'The code could not be sent.');
    return moveTo(request, id, flow, {
      ...flow.state,
      pending: { ...pending, payload: res.body.payload },
    });
  },

  /** The code: the method is set up, the session moves to a new token, on to the next step. */
  async code(
    request: FastifyRequest,
    reply: Reply,
    input: { code: string },
  ): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    const { pending } = flow.state;
    if (flow.state.step !== 'code' || !pending) return OUT_OF_ORDER;
    const res = await upstreamOf(request).mfa.activate({
      body: { payload: pending.payload, code: input.code },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 401) return NO_SESSION;
    if (res.status !== 200) {
      const body = res.body as { code?: unknown; message?: unknown };
      // Expired, or too many wrong codes: the account API's words (ask for a new code).
      if (body.code === 'code_expired' || body.code === 'code_spent') {
        return upstreamRefusal(res, 'code', INVALID_CODE);
      }
      return refused(400, 'invalid_code', INVALID_CODE, 'code');
    }
    // A second factor added: a new token (docs/threat-model.md, "A session's life").
    await renewSession(request, reply);
    const at = flow.state.at + 1;
    const done = at >= flow.state.steps.length;
    return moveTo(request, id, flow, {
      ...flow.state,
      step: done ? 'done' : 'contact',
      at: done ? flow.state.at : at,
      other: false,
      pending: null,
    });
  },

  /** The confirmation's "Continue to the platform": the setup is spent, on to the target. */
  async finish(request: FastifyRequest, reply: Reply): Promise<ForcedMfaResult> {
    const found = await current(request);
    if (!('flow' in found)) return found;
    const { id, flow } = found;
    if (flow.state.step !== 'done') return OUT_OF_ORDER;
    await endFlow(request, reply, id);
    return { status: 200, body: { next: flow.target ?? DASHBOARD, view: null } };
  },
};

/** The setup under way, as `/setup-mfa` draws it, or null. */
export async function readForcedMfa(request: FastifyRequest): Promise<ForcedMfaView | null> {
  if (!sessionToken(request)) return null;
  const found = await currentFlow<ForcedMfaState>(request, FORCED_MFA);
  return found && forcedMfaView(request, found.flow);
}
