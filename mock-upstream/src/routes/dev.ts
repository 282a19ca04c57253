import type { FastifyPluginCallback } from 'fastify';
import { resetStore, type Store } from '../store';

/** Dev-only endpoints on the mock's own port: never proxied by the gateway. */
export function devRoutes(store: Store): FastifyPluginCallback {
  return (app, _opts, done) => {
    app.post('/reset', async (_request, reply) => {
      resetStore(store);
      return reply.status(204).send();
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
