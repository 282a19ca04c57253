import rateLimit from '@fastify/rate-limit';
import { portalApi } from '@portal/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';

/** The calls an attacker would repeat: guessing passwords, codes, or mining accounts. */
export type LimitedKind = 'signIn' | 'codes' | 'forgot';

/** Body fields whose presence makes a call a guess worth limiting. */
const PASSWORD_FIELDS = new Set(['password', 'current_password', 'currentPassword']);
const CODE_FIELDS = new Set(['code', 'card_number', 'cardNumber', 'activation_code']);

interface ZodLike {
  _zod?: { def: Record<string, unknown> & { type: string } };
}

/** The top-level field names a body schema accepts (objects, unions, pipes, optionals). */
function bodyKeys(schema: unknown): string[] {
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'union':
      return (def.options as unknown[]).flatMap(bodyKeys);
    case 'intersection':
      return [...bodyKeys(def.left), ...bodyKeys(def.right)];
    case 'pipe':
      return bodyKeys(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
      return bodyKeys(def.innerType);
    default:
      return [];
  }
}

/** Calls that send an e-mail or SMS code: each one costs a message (and invites SMS pumping). */
const SENDS_CODE = [
  /^GET \/api\/mfa\/sudo$/,
  /^GET \/api\/mfa\/[^/]+\/activate$/,
  /^POST \/api\/mfa$/,
  /^POST \/api\/onboarding\/(email|phone)$/,
];

/**
 * Which limit a portal route falls under, read from the contract so that a
 * new call carrying a password or a code is limited without anyone remembering to.
 */
export function limitedKindOf(route: AppRoute): LimitedKind | null {
  const { method, path } = route;
  if (/forgot|reset-password/.test(path)) return 'forgot';
  if (SENDS_CODE.some((pattern) => pattern.test(`${method} ${path}`))) return 'codes';
  if (method === 'GET' || method === 'DELETE') return null;
  if (path === '/api/token' || path.startsWith('/api/token/')) return 'signIn';
  if (path.startsWith('/api/user/login')) return 'signIn';
  const keys = bodyKeys(route.body);
  if (keys.some((k) => PASSWORD_FIELDS.has(k))) return 'signIn';
  if (keys.some((k) => CODE_FIELDS.has(k))) return 'codes';
  if (/sudo|activate|resend|verify|confirm/.test(path)) return 'codes';
  return null;
}

/** `METHOD /path` of every limited portal route. */
export function limitedRoutes(router: AppRouter = portalApi): Map<string, LimitedKind> {
  const table = new Map<string, LimitedKind>();
  const walk = (node: AppRouter) => {
    for (const value of Object.values(node)) {
      if (isAppRoute(value)) {
        const kind = limitedKindOf(value);
        if (kind) table.set(`${value.method} ${value.path}`, kind);
      } else walk(value as AppRouter);
    }
  };
  walk(router);
  return table;
}

/**
 * Per client IP, in memory: sign-in calls, code calls and forgot-* calls
 * each have their own budget per window (`RATE_LIMIT_*`). Over it: 429
 * `rate_limited` with `Retry-After`. Every other route carries no limiter at all.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(rateLimit, { global: false });
    const timeWindow = config.RATE_LIMIT_WINDOW_S * 1000;
    const max: Record<LimitedKind, number> = {
      signIn: config.RATE_LIMIT_SIGN_IN,
      codes: config.RATE_LIMIT_CODES,
      forgot: config.RATE_LIMIT_FORGOT,
    };
    const hooks = {} as Record<LimitedKind, onRequestHookHandler>;
    for (const kind of Object.keys(max) as LimitedKind[]) {
      const check = app.createRateLimit({
        max: max[kind],
        timeWindow,
        keyGenerator: (request) => request.ip,
      });
      hooks[kind] = async (request, reply) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        request.log.warn({ limit: kind }, 'rate limit reached');
        throw new GatewayError('rate_limited');
      };
    }
    const table = limitedRoutes();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const kind = methods.map((m) => table.get(`${m} ${route.url}`)).find(Boolean);
      if (!kind) return;
      const existing = route.onRequest;
      route.onRequest = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        hooks[kind],
      ];
    });
  },
  { name: 'rate-limit' },
);
