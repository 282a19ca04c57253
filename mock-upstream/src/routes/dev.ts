import type { FastifyPluginCallback } from 'fastify';
import { cloneDemoAccount } from '../domain/dev-accounts';
import { resetStore, type Store } from '../store';

/** Dev-only endpoints on the mock's own port: never proxied by the gateway. */
export function devRoutes(store: Store): FastifyPluginCallback {
  return (app, _opts, done) => {
    app.post('/reset', async (_request, reply) => {
      resetStore(store);
      return reply.status(204).send();
    });
    // A demo account of its own for each browser test, so that tests run side by side
    // without a reset: the same data under new logins (docs/architecture.md, tests).
    app.post<{ Body: { from?: unknown } }>('/accounts', async (request, reply) => {
      const from = request.body?.from;
      if (typeof from !== 'string' || from.trim() === '') {
        return reply
          .status(400)
          .send({ code: 'validation', message: 'from is required: the demo login to copy' });
      }
      const clone = cloneDemoAccount(store, from);
      if (!clone) {
        return reply
          .status(404)
          .send({ code: 'not_found', message: `${from} is not a demo account of this region` });
      }
      return reply.status(201).send(clone);
    });
    // Newest first: what people and tests read to finish MFA flows.
    app.get<{ Querystring: { to?: string } }>('/outbox', async (request, reply) => {
      const to = request.query.to?.trim().toLowerCase();
      if (!to) {
        return reply.status(400).send({ code: 'validation', message: 'to is required' });
      }
      const messages = store.outbox
        .filter((m) => m.to.toLowerCase() === to)
        .reverse()
        .map((m) => ({ ...m, at: new Date(m.at).toISOString() }));
      return { messages };
    });
    app.post<{ Body: { advance_ms?: unknown } }>('/clock', async (request, reply) => {
      const ms = request.body?.advance_ms;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        return reply
          .status(400)
          .send({ code: 'validation', message: 'advance_ms must be a non-negative number' });
      }
      store.clock.advance(ms);
      return { now: new Date(store.clock.now()).toISOString() };
    });
    done();
  };
}
