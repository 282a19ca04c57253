import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { KeyValue } from '../plugins/store';

/**
 * Server-side journey state (docs/decisions/0011-journeys-owned-by-the-gateway.md):
 * a flow is what a multi-step journey before a session knows (the account
 * API's payloads, the methods, the target resolved once, the visitor's
 * language at its start). The browser holds only the flow's id, in an
 * httpOnly SameSite=Lax cookie; the gateway decides every next step.
 *
 * Kept in Redis when it is configured (any gateway continues any flow),
 * else in this process. A Redis error counts as Redis away: the flow is
 * then kept in (and read from) this gateway's memory, as the rate limits
 * are (docs/operations.md, "Redis"); Redis is an accelerator, never a
 * dependency of a step.
 */
export interface Flow<S> {
  /** Which journey (one flow cookie per browser: a new journey replaces the old). */
  journey: string;
  /**
   * The visitor's language when the flow began (its `Accept-Language` and
   * `lang` cookie): every step is drawn in it, whatever changes meanwhile
   * (one language per journey).
   */
  language: { accept?: string | undefined; chosen?: string | undefined };
  /** The path the journey ends on, resolved and checked once at its start; null: the dashboard. */
  target: string | null;
  /** The journey's own state (its step and the account API's payloads). */
  state: S;
  /** When the flow expires (ms since the epoch); every step moves it on by the flow's lifetime. */
  expiresAt: number;
}

/** The flow cookie: its id, ≥ 128 random bits (here 256), base64url. */
export const FLOW_COOKIE = 'flow';
const ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** An abandoned flow is gone after this long without a step: the account API's payloads live about as long. */
export const FLOW_TTL_MS = 15 * 60_000;

/** The store's key of a flow id: its SHA-256, so that no dump of Redis or memory holds a live cookie. */
const keyOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * The flows over the gateways' typed key-value store (`plugins/store.ts`:
 * Redis while it answers, this process's memory otherwise), keyed by the
 * SHA-256 of the id.
 */
export class FlowStore {
  readonly #kv: KeyValue<Flow<unknown>>;

  constructor(kv: KeyValue<Flow<unknown>>) {
    this.#kv = kv;
  }

  async read<S>(id: string): Promise<Flow<S> | null> {
    const flow = (await this.#kv.get(keyOf(id))) as Flow<S> | undefined;
    return flow && flow.expiresAt > Date.now() ? flow : null;
  }

  write<S>(id: string, flow: Flow<S>): Promise<void> {
    return this.#kv.set(keyOf(id), flow, Math.max(1, flow.expiresAt - Date.now()));
  }

  /** The flow is spent (completed or replaced): no step of it is taken again. */
  spend(id: string): Promise<void> {
    return this.#kv.delete(keyOf(id));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    flows: FlowStore;
  }
}

/** This browser's flow id, when its cookie has an id's shape. */
export function flowId(request: FastifyRequest): string | undefined {
  const value = request.cookies[FLOW_COOKIE];
  return value && ID_SHAPE.test(value) ? value : undefined;
}

/** What the cookie helpers need of a reply (ts-rest types its reply with its own generics). */
interface CookieReply {
  setCookie(name: string, value: string, options?: CookieSerializeOptions): unknown;
  clearCookie(name: string, options?: CookieSerializeOptions): unknown;
}

/**
 * The flow cookie: httpOnly (no script reads it), SameSite=Lax (another
 * site's form cannot continue it), Secure on https, host-only, no Max-Age
 * (it ends with the browser; the flow itself expires on the server).
 * Path=/ because a journey's steps live at the spec's routes (`/login/*`,
 * `/mfa*`) and the portal API (`/api/*`), which share no narrower path.
 */
function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.publicOrigin.https,
  } as const;
}

/** A new flow: a fresh id in the cookie (replacing any earlier journey's), its state stored. */
export async function startFlow<S>(
  request: FastifyRequest,
  reply: CookieReply,
  flow: Omit<Flow<S>, 'expiresAt'>,
): Promise<string> {
  const old = flowId(request);
  if (old) await request.server.flows.spend(old);
  const id = randomBytes(32).toString('base64url');
  await request.server.flows.write(id, { ...flow, expiresAt: Date.now() + FLOW_TTL_MS });
  reply.setCookie(FLOW_COOKIE, id, cookieOptions(request));
  return id;
}

/** The flow of `journey` this browser is in, or null (none, another journey's, expired, spent). */
export async function currentFlow<S>(
  request: FastifyRequest,
  journey: string,
): Promise<{ id: string; flow: Flow<S> } | null> {
  const id = flowId(request);
  if (!id) return null;
  const flow = await request.server.flows.read<S>(id);
  return flow && flow.journey === journey ? { id, flow } : null;
}

/** Stores the flow's next state; its lifetime starts again. */
export function saveFlow<S>(request: FastifyRequest, id: string, flow: Flow<S>): Promise<void> {
  return request.server.flows.write(id, { ...flow, expiresAt: Date.now() + FLOW_TTL_MS });
}

/** The journey is over: its flow spent and its cookie gone. */
export async function endFlow(request: FastifyRequest, reply: CookieReply, id: string) {
  await request.server.flows.spend(id);
  reply.clearCookie(FLOW_COOKIE, cookieOptions(request));
}
