import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import {
  findUsernames,
  RECOVERY_GONE,
  readRecovery,
  readUsernames,
  recoverySteps,
  recoveryView,
  USERNAMES_GONE,
} from '../flows/recovery';

/**
 * Forgot password and forgot username as portal calls (`gateway/src/flows/recovery.ts`
 * decides them). A step's page posts the same step as a form: the pages
 * scope turns it into this call (`flows/forms.ts`).
 */
export const recoveryRoutes: RouterImplementation<typeof portalApi.recovery> = {
  readRecovery: async ({ request }) => {
    const flow = await readRecovery(request);
    return flow
      ? { status: 200, body: recoveryView(flow) }
      : { status: 410, body: RECOVERY_GONE.body };
  },
  start: async ({ body, request, reply }) =>
    (await recoverySteps.start(request, reply, body)) as never,
  resend: async ({ body, request, reply }) =>
    (await recoverySteps.resend(request, reply, body)) as never,
  code: async ({ body, request, reply }) =>
    (await recoverySteps.code(request, reply, body)) as never,
  password: async ({ body, request, reply }) =>
    (await recoverySteps.password(request, reply, body)) as never,
  readUsernames: async ({ request }) => {
    const found = await readUsernames(request);
    return found ? { status: 200, body: found } : { status: 410, body: USERNAMES_GONE.body };
  },
  findUsernames: async ({ body, request, reply }) =>
    (await findUsernames(request, reply, body)) as never,
};
