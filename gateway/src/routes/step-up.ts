import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { readStepUp, STEP_UP_GONE, stepUpSteps } from '../flows/step-up';
import { answer } from './sign-in';

/**
 * The step-up's steps as portal calls (`gateway/src/flows/step-up.ts`
 * decides them). `/mfa` and `/mfa/methods` post the same steps as forms: the
 * pages scope turns them into these calls (`flows/forms.ts`).
 */
export const stepUpRoutes: RouterImplementation<typeof portalApi.stepUp> = {
  readStepUp: async ({ request }) => {
    const view = await readStepUp(request);
    return view ? { status: 200, body: view } : { status: 410, body: STEP_UP_GONE.body };
  },
  start: async ({ body, request, reply }) =>
    answer(await stepUpSteps.start(request, reply, body, body.quiet !== true), reply),
  method: async ({ body, request, reply }) =>
    answer(await stepUpSteps.method(request, reply, body), reply),
  resend: async ({ request, reply }) => answer(await stepUpSteps.resend(request, reply), reply),
  code: async ({ body, request, reply }) =>
    answer(await stepUpSteps.code(request, reply, body), reply),
  passkey: async ({ request, reply }) => answer(await stepUpSteps.passkey(request, reply), reply),
};
