import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { cloneDemoAccount } from '../domain/dev-accounts';
import { resetStore, type Store } from '../store';

/** `POST /__dev/accounts`: the demo login to copy and what the test changes on its copy. */
const cloneRequest = z.strictObject({
  from: z.string().trim().min(1),
  mfa: z
    .array(z.enum(['email', 'sms', 'totp']))
    .refine((kinds) => new Set(kinds).size === kinds.length, 'each second factor at most once')
    .optional(),
  mfa_forced: z.boolean().optional(),
  weak_password: z.boolean().optional(),
  language: z.enum(['en', 'fr', 'nl', 'de']).optional(),
});

/** Dev-only endpoints on the mock's own port: never proxied by the gateway. */
export function devRoutes(store: Store): FastifyPluginCallback {
  return (app, _opts, done) => {
    app.post('/reset', async (_request, reply) => {
      resetStore(store);
      return reply.status(204).send();
    });
    // A demo account of its own for each browser test, so that tests run side by side
    // without a reset: the same data under new logins (CONTRIBUTING.md, "Per-test
    // accounts"), with the test's choices of second factors, forced MFA, weak password
    // and language over the demo's.
    app.post('/accounts', async (request, reply) => {
      const parsed = cloneRequest.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        const message =
          field === 'from'
            ? 'from is required: the demo login to copy'
            : `${field}: ${issue?.message}`;
        return reply.status(400).send({ code: 'validation', message });
      }
      const { from, ...options } = parsed.data;
      const clone = cloneDemoAccount(store, from, options);
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
