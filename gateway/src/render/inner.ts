import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-portal-inner-read';
const TOKEN = randomBytes(24).toString('base64url');

/**
 * A read the gateway makes of its own API for a page it draws (`app.inject`
 * of `GET /api/user` for the dashboard): it passes through every rule a
 * client's call meets, but it is not a client's request, so the HTTP metrics
 * and the traces leave it out (issue 37, items 10 and 13). Marked by a header
 * holding this process's random token, which no client can know.
 */
export const innerRead = {
  header: { [HEADER]: TOKEN } as Record<string, string>,
  is: (request: FastifyRequest): boolean => request.headers[HEADER] === TOKEN,
};
