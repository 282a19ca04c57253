import type { FastifyPluginCallback } from 'fastify';
import { isRangePrefix, rangeAnswer } from '../domain/breached';

/**
 * The Pwned Passwords range API over the bundled list (`GET
 * /pwned-passwords/range/:prefix`, text/plain `SUFFIX:COUNT` lines), so that
 * development and tests point `BREACHED_PASSWORDS_URL` at the mock itself.
 * Not part of the account API: it is Have I Been Pwned's shape.
 */
export const breachedRoutes: FastifyPluginCallback = (app, _opts, done) => {
  app.get<{ Params: { prefix: string } }>('/range/:prefix', async (request, reply) => {
    const { prefix } = request.params;
    if (!isRangePrefix(prefix)) {
      return reply.status(400).send({
        code: 'validation',
        message: 'prefix must be the first 5 hexadecimal characters of a SHA-1 hash',
        issues: [{ path: 'params.prefix', message: 'Five hexadecimal characters.' }],
      });
    }
    return reply.type('text/plain; charset=utf-8').send(rangeAnswer(prefix));
  });
  done();
};
