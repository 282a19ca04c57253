import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { mergeSteps } from '../flows/merge';
import { answer } from './sign-in';

/**
 * The duplicate merge's steps as portal calls (`gateway/src/flows/merge.ts`
 * decides them). `/duplicated`, `/mfa/methods` and `/mfa` post the same steps
 * as forms: the pages scope turns them into these calls (`flows/forms.ts`).
 */
export const mergeRoutes: RouterImplementation<typeof portalApi.merge> = {
  readMerge: async ({ request, reply }) => {
    const read = await mergeSteps.read(request, reply);
    return ('data' in read ? { status: 200, body: read } : read) as never;
  },
  claim: async ({ body, request, reply }) =>
    answer(await mergeSteps.claim(request, reply, body), reply),
  method: async ({ body, request, reply }) =>
    answer(await mergeSteps.method(request, reply, body), reply),
  resend: async ({ request, reply }) => answer(await mergeSteps.resend(request, reply), reply),
  code: async ({ body, request, reply }) =>
    answer(await mergeSteps.code(request, reply, body), reply),
  decide: async ({ body, request, reply }) =>
    answer(await mergeSteps.decide(request, reply, body), reply),
};
