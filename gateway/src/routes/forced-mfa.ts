import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import {
  FORCED_MFA_GONE,
  type ForcedMfaResult,
  forcedMfaSteps,
  readForcedMfa,
} from '../flows/forced-mfa';
import { sessionToken } from '../plugins/session';

/** What a step answers, with the Retry-After of a pause. */
function answer(result: ForcedMfaResult, reply: { header(name: string, value: string): unknown }) {
  if ('retryAfter' in result && result.retryAfter && /^\d{1,6}$/.test(result.retryAfter)) {
    reply.header('retry-after', result.retryAfter);
  }
  return { status: result.status, body: result.body } as never;
}

/**
 * The forced second-factor setup's steps as portal calls
 * (`gateway/src/flows/forced-mfa.ts` decides them). `/setup-mfa` posts the
 * same steps as a form: the pages scope turns it into these calls.
 */
export const forcedMfaRoutes: RouterImplementation<typeof portalApi.forcedMfa> = {
  readForcedMfa: async ({ request }) => {
    if (!sessionToken(request)) {
      return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
    }
    const view = await readForcedMfa(request);
    return view ? { status: 200, body: view } : { status: 410, body: FORCED_MFA_GONE.body };
  },
  start: async ({ body, request, reply }) =>
    answer(await forcedMfaSteps.start(request, reply, body), reply),
  begin: async ({ request, reply }) => answer(await forcedMfaSteps.begin(request), reply),
  skip: async ({ request, reply }) => answer(await forcedMfaSteps.skip(request, reply), reply),
  other: async ({ request, reply }) => answer(await forcedMfaSteps.other(request), reply),
  send: async ({ body, request, reply }) => answer(await forcedMfaSteps.send(request, body), reply),
  resend: async ({ request, reply }) => answer(await forcedMfaSteps.resend(request), reply),
  code: async ({ body, request, reply }) =>
    answer(await forcedMfaSteps.code(request, reply, body), reply),
  finish: async ({ request, reply }) => answer(await forcedMfaSteps.finish(request, reply), reply),
};
