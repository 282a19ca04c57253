import { type accountApi, flagOn } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth-header';
import {
  type Actor,
  activate,
  deleteMethod,
  type Failure,
  listMethods,
  regenerateRecovery,
  startActivation,
  startSetup,
  switchPrimary,
} from '../domain/mfa';
import { type Store, tokenRow } from '../store';

const UNAUTHENTICATED = {
  status: 401 as const,
  body: { code: 'unauthenticated', message: 'Sign in first.' },
};

function actorOf(store: Store, request: FastifyRequest): Actor | undefined {
  const session = tokenRow(store, bearerToken(request));
  const account = session && store.accounts.get(session.accountId);
  return session && account ? { account, session } : undefined;
}

/** A domain refusal as its answer (the spec's 422s, which carry only a message, aside). */
type Refusal<S> = S extends number ? { status: S; body: { code: string; message: string } } : never;
function refusal<S extends 403 | 404 | 409>(f: Failure<S>): Refusal<S> {
  return { status: f.status, body: { code: f.code, message: f.message } } as Refusal<S>;
}
const unprocessable = (f: Failure<422>) => ({ status: 422 as const, body: { message: f.message } });

export function mfaRoutes(store: Store): RouterImplementation<typeof accountApi.mfa> {
  return {
    listMethods: async ({ request, query }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      return { status: 200, body: listMethods(store, actor.account, flagOn(query.includeAll)) };
    },
    setupMethod: async ({ request, body }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      const out = startSetup(store, actor, body);
      if (out.ok) return { status: 200, body: out.value };
      return out.status === 422 ? unprocessable(out) : refusal(out);
    },
    startActivation: async ({ request, params, query }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      const out = startActivation(store, actor, params.id, query.target, flagOn(query.edit));
      if (!out.ok) return out.status === 422 ? unprocessable(out) : refusal(out);
      if (!out.value) return { status: 204, body: undefined };
      const { payload, method, target } = out.value;
      return { status: 200, body: { payload, fuzzion: false, data: { method, target } } };
    },
    activate: async ({ request, body }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      const out = activate(store, actor, body.payload, body.code);
      if (out.ok) return { status: 200, body: out.value };
      return unprocessable(out);
    },
    switchPrimary: async ({ request, params }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      const out = switchPrimary(store, actor, params.id);
      return out.ok ? { status: 200, body: out.value } : refusal(out);
    },
    deleteMethod: async ({ request, params, query }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      const out = deleteMethod(store, actor, params.id, query.target);
      return out.ok ? { status: 200, body: out.value } : refusal(out);
    },
    regenerateRecovery: async ({ request }) => {
      const actor = actorOf(store, request);
      if (!actor) return UNAUTHENTICATED;
      const out = regenerateRecovery(store, actor);
      return out.ok ? { status: 200, body: { recovery_keys: out.value } } : refusal(out);
    },
  };
}
