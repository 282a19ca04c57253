import { createHash } from 'node:crypto';
import { callingCodeOf, portalApi, toE164, type Variant } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { currentFlow } from '../flows/store';
import { accountOf } from '../security-events';
import { clientKey } from './proxy';

/**
 * What one call that may send a code (or look an account up by what a
 * person typed) spends, besides its client's budget of `rate-limit.ts`:
 *
 * - `recipient`: the address, number, login, card or second-factor method
 *   the message goes to (or the lookup names), normalised;
 * - `account`: the account it is for (the session's), or what stands for
 *   one before there is a session (a sign-in's challenge, an onboarding);
 * - `phone`: a number the caller typed for an SMS; outside the variant's
 *   expected countries it also spends the foreign-SMS budgets.
 */
export interface CodeSend {
  recipient?: string | undefined;
  account?: string | number | undefined;
  phone?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Spends the budgets of a code a flow sends on its own (not one a call names):
     * null when it may go, else the seconds until it may. Only in the /api scope.
     */
    codeBudget?: (
      request: FastifyRequest,
      send: CodeSend,
    ) => Promise<{ retryAfter: number } | null>;
  }
}

/** The budgets of code sends, each counted per window (`CODE_LIMIT_WINDOW_S`). */
export type CodeBudget = 'recipient' | 'account' | 'foreignSms' | 'foreignSmsTotal';

/** A call's input as its contract schemas parsed it. */
interface Input {
  body: unknown;
  query: unknown;
  params: unknown;
}

/** Reads what a call spends from its input. */
type Extract = (input: Input, request: FastifyRequest) => Promise<CodeSend>;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const num = (value: unknown): string | undefined =>
  typeof value === 'number' || typeof value === 'string' ? str(String(value)) : undefined;
const field = (source: unknown, name: string): unknown =>
  source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
const body = (input: Input, name: string) => field(input.body, name);
const query = (input: Input, name: string) => field(input.query, name);
const param = (input: Input, name: string) => field(input.params, name);

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };
const isSchema = (value: unknown): value is Schema =>
  typeof (value as Schema | undefined)?.safeParse === 'function';

/**
 * The call's input as its contract parses it, or null when it is bad input:
 * then the route answers its 400 and nothing is sent, so no budget is spent.
 */
function parsedInput(route: AppRoute, request: FastifyRequest): Input | null {
  const parse = (schema: unknown, value: unknown): { ok: boolean; data: unknown } => {
    if (!isSchema(schema)) return { ok: true, data: value };
    const result = schema.safeParse(value);
    return { ok: result.success, data: result.data };
  };
  const body = parse('body' in route ? route.body : undefined, request.body);
  const query = parse(route.query, request.query);
  const params = parse(route.pathParams, request.params);
  if (!body.ok || !query.ok || !params.ok) return null;
  return { body: body.data, query: query.data, params: params.data };
}

/** An address as one recipient however it is typed: an e-mail lower-cased, a number in E.164. */
function normalised(value: string, variant: Variant): string {
  if (value.includes('@')) return `e:${value.toLowerCase()}`;
  return `p:${toE164(value, variant === 'lu' ? 'LU' : 'BE') ?? value.replace(/[\s.()-]/g, '')}`;
}

/** A flow's payload as the thing a code is for, when there is no account yet. */
const flow = (kind: string, payload: unknown) => {
  const value = str(payload);
  return value === undefined ? undefined : `${kind}:${value}`;
};

/**
 * A code sent by a method of a journey's flow (docs/flows.md: the sign-in, the
 * step-up, the merge): the method is the recipient (the one under way for a
 * resend; the journey itself for a step-up's start, which picks the primary);
 * the account is the sign-in's challenge, the signed-in user for a step-up,
 * the merge's other account (its payload) for a merge.
 */
async function journeyCode(
  request: FastifyRequest,
  journey: 'sign-in' | 'step-up' | 'merge',
  mfaId: string | undefined,
): Promise<CodeSend> {
  const current = await currentFlow<{ payload?: string; check?: { mfaId: number } | null }>(
    request,
    journey,
  );
  const state = current?.flow.state;
  const method = mfaId ?? num(state?.check?.mfaId);
  const account =
    journey === 'sign-in'
      ? flow('challenge', state?.payload)
      : journey === 'merge'
        ? flow('fuzzion', state?.payload)
        : await accountOf(request);
  return {
    recipient:
      method !== undefined
        ? `method:${method}`
        : account === undefined
          ? undefined
          : `${journey}:${account}`,
    account,
  };
}

/**
 * An onboarding's code (docs/flows.md, "Onboarding"): sent to what was typed,
 * or for a resend to what its flow holds; the onboarding stands for the
 * account that does not exist yet.
 */
async function onboardingCode(
  request: FastifyRequest,
  typed: { email?: string | undefined; phone?: string | undefined },
): Promise<CodeSend> {
  const current = await currentFlow<{
    payload?: string;
    email?: { choice: { email?: string } } | null;
    phone?: { e164: string } | null;
    step?: string;
  }>(request, 'onboarding');
  const state = current?.flow.state;
  const onboarding = flow('onboarding', state?.payload);
  const resend = typed.email === undefined && typed.phone === undefined;
  const phone =
    typed.phone ?? (resend && state?.step === 'phone-code' ? state.phone?.e164 : undefined);
  const email =
    typed.email ?? (resend && state?.step === 'email-code' ? state.email?.choice.email : undefined);
  return {
    recipient: email || phone || onboarding,
    phone: phone || undefined,
    account: onboarding,
  };
}

/**
 * Every portal call that sends a code or a message to what a person typed,
 * or looks an account up by it (docs/security.md, "Code sends"), with what
 * it spends. A call missing here is bounded per client only.
 */
const CODE_SENDS = new Map<AppRoute, Extract>([
  [
    // A reset journey's code (docs/flows.md, "Recovery"): the login stands for its account.
    portalApi.recovery.start,
    async (r) => ({ recipient: str(body(r, 'login')) }),
  ],
  [
    portalApi.recovery.resend,
    async (_r, request) => {
      const current = await currentFlow<{ login?: string }>(request, 'recovery');
      return { recipient: str(current?.flow.state.login) };
    },
  ],
  [portalApi.recovery.findUsernames, async (r) => ({ recipient: str(body(r, 'number')) })],
  // A password sign-in's first code (the primary method's, sent at once) is spent by the flow
  // itself once the password is right (`request.server.codeBudget`, flows/sign-in.ts): a wrong
  // password sends nothing, so it spends nothing of the login's budgets.
  [
    portalApi.signIn.method,
    async (r, request) => journeyCode(request, 'sign-in', num(body(r, 'mfaId'))),
  ],
  [portalApi.signIn.resend, async (_r, request) => journeyCode(request, 'sign-in', undefined)],
  // A step-up's start sends the primary method's code at once (docs/flows.md, "Step-up").
  [portalApi.stepUp.start, async (_r, request) => journeyCode(request, 'step-up', undefined)],
  [
    portalApi.stepUp.method,
    async (r, request) => journeyCode(request, 'step-up', num(body(r, 'mfaId'))),
  ],
  [portalApi.stepUp.resend, async (_r, request) => journeyCode(request, 'step-up', undefined)],
  [
    portalApi.merge.method,
    async (r, request) => journeyCode(request, 'merge', num(body(r, 'mfaId'))),
  ],
  [portalApi.merge.resend, async (_r, request) => journeyCode(request, 'merge', undefined)],
  [
    portalApi.profile.addLogin,
    async (r, request) => ({
      recipient: str(body(r, 'email')) ?? str(body(r, 'phone')),
      phone: str(body(r, 'phone')),
      account: await accountOf(request),
    }),
  ],
  [
    portalApi.profile.resendContactCode,
    async (r, request) => ({
      recipient: flow('contact', num(param(r, 'id'))),
      account: await accountOf(request),
    }),
  ],
  [
    portalApi.mfa.setupMethod,
    async (r, request) => {
      const target = str(body(r, 'target'));
      return {
        recipient: target,
        phone: body(r, 'method') === 'sms' ? target : undefined,
        account: await accountOf(request),
      };
    },
  ],
  [
    portalApi.mfa.startActivation,
    async (r, request) => {
      const target = str(query(r, 'target'));
      return {
        recipient: target ?? flow('method', num(param(r, 'id'))),
        phone: target?.includes('@') ? undefined : target,
        account: await accountOf(request),
      };
    },
  ],
  [
    portalApi.onboardingFlow.email,
    async (r, request) => onboardingCode(request, { email: str(body(r, 'email')) ?? '' }),
  ],
  [
    portalApi.onboardingFlow.phone,
    async (r, request) => onboardingCode(request, { phone: str(body(r, 'phone')) ?? '' }),
  ],
  [portalApi.onboardingFlow.resend, async (_r, request) => onboardingCode(request, {})],
]);

/** A counter's key: hashed, so that no address or number sits in the store's keys. */
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * Per-recipient and per-account budgets of every call that sends a code
 * (docs/security.md, "Code sends"; docs/operations.md, `CODE_LIMIT_*`):
 * counted in the same store as the per-client limits (Redis when
 * configured, so every gateway spends the same budget), over
 * `CODE_LIMIT_WINDOW_S`. A call over any of its budgets is refused before the
 * account API sees it with the per-client limit's own answer (429
 * `rate_limited`, `Retry-After`), the same whether the recipient has an
 * account or not. An SMS to a number whose country is outside the variant's
 * `SMS_COUNTRIES_*` spends a smaller budget of its own per account (or, before
 * there is one, per client) and one of the whole variant.
 */
export const codeBudgetsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const timeWindow = config.CODE_LIMIT_WINDOW_S * 1000;
    const max: Record<CodeBudget, number> = {
      recipient: config.CODE_LIMIT_RECIPIENT,
      account: config.CODE_LIMIT_ACCOUNT,
      foreignSms: config.CODE_LIMIT_FOREIGN_SMS,
      foreignSmsTotal: config.CODE_LIMIT_FOREIGN_SMS_TOTAL,
    };
    const countries: Record<Variant, readonly string[]> = {
      be: config.SMS_COUNTRIES_BE,
      lu: config.SMS_COUNTRIES_LU,
    };
    // @fastify/rate-limit's limiter asks its key of the request; the key of
    // this call is handed over beside it, read at once when the check starts.
    const keyOf = new WeakMap<FastifyRequest, string>();
    const limiters = Object.fromEntries(
      (Object.keys(max) as CodeBudget[]).map((budget) => [
        budget,
        app.createRateLimit({
          max: max[budget],
          timeWindow,
          keyGenerator: (request) => `code-${budget}:${keyOf.get(request)}`,
        }),
      ]),
    ) as Record<CodeBudget, ReturnType<typeof app.createRateLimit>>;

    async function spend(request: FastifyRequest, budget: CodeBudget, key: string) {
      keyOf.set(request, hashed(`${request.variant}:${key}`));
      const result = await limiters[budget](request);
      if (result.isAllowed || !result.isExceeded) return null;
      return { budget, retryAfter: result.ttlInSeconds };
    }

    /** Spends every budget of `send`; the refusal with the longest wait, if any. */
    async function spendAll(request: FastifyRequest, send: CodeSend) {
      const spends: [CodeBudget, string][] = [];
      if (send.recipient) spends.push(['recipient', normalised(send.recipient, request.variant)]);
      if (send.account !== undefined) spends.push(['account', String(send.account)]);
      const code = send.phone && callingCodeOf(send.phone, request.variant === 'lu' ? 'LU' : 'BE');
      if (code && !countries[request.variant].includes(code)) {
        spends.push(['foreignSms', String(send.account ?? `client:${clientKey(request.ip)}`)]);
        spends.push(['foreignSmsTotal', 'all']);
      }
      // Every budget is spent, so that a refused call still counts where it would have sent.
      const refusals = [];
      for (const [budget, key] of spends) {
        const refused = await spend(request, budget, key);
        if (refused) refusals.push(refused);
      }
      const refusal = refusals.sort((a, b) => b.retryAfter - a.retryAfter)[0];
      if (!refusal) return null;
      request.log.warn({ limit: `code_${refusal.budget}` }, 'rate limit reached');
      request.server.metrics.rateLimited.inc({ class: `code_${refusal.budget}` });
      return { retryAfter: Math.max(1, refusal.retryAfter) };
    }
    app.decorate('codeBudget', spendAll);

    const check = (route: AppRoute, extract: Extract): preHandlerAsyncHookHandler =>
      async function codeBudgets(request, reply) {
        const input = parsedInput(route, request);
        if (!input) return;
        const refused = await spendAll(request, await extract(input, request));
        if (!refused) return;
        reply.header('retry-after', String(refused.retryAfter));
        throw new GatewayError('rate_limited');
      };

    app.addHook('onRoute', (route) => {
      const contractRoute = route.config?.tsRestRoute as AppRoute | undefined;
      const extract = contractRoute && CODE_SENDS.get(contractRoute);
      if (!contractRoute || !extract) return;
      const existing = route.preHandler;
      route.preHandler = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        check(contractRoute, extract),
      ];
    });
  },
  { name: 'code-budgets', dependencies: ['rate-limit'] },
);
