import type { FastifyPluginAsync } from 'fastify';
import { formStep } from '../flows/forms';
import { LOCK_PAGE } from '../flows/lockdown';

/**
 * The address of the lock link in a "this wasn't me" e-mail
 * (`/lock-account/link?token=…`, docs/flows.md "Lock my account"). Opening it
 * changes nothing: the gateway makes the portal call `POST
 * /api/lock-account/link` itself (so that the /api scope's rules, its rate
 * limit first, apply) and answers a 303 to `/lock-account` without the
 * secret: the address bar, the history and any `Referer` never hold it. The
 * page then asks, or says why the link opens nothing (the flow keeps the
 * refusal). It works signed out and signed in alike.
 */
export const lockdownLinkPlugin: FastifyPluginAsync = async (app) => {
  app.get('/lock-account/link', async (request, reply) => {
    const { token } = request.query as { token?: unknown };
    const outcome = await formStep(request, reply, '/api/lock-account/link', {
      token: typeof token === 'string' ? token : '',
    });
    void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if ('next' in outcome || outcome.status === 400 || outcome.status === 410) {
      return reply.redirect(LOCK_PAGE, 303);
    }
    // Refused before a flow was kept (too many links opened from this address, the
    // account API away): said at once, nothing kept.
    if (outcome.retryAfter) void reply.header('retry-after', outcome.retryAfter);
    return reply
      .code(outcome.status)
      .type('text/plain; charset=utf-8')
      .send(outcome.refusal.message);
  });
};
