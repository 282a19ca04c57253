import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { readSignedInSteps } from '../flows/merge';
import { FLOW_GONE, readSignIn, type StepResult, signInSteps, viewOf } from '../flows/sign-in';

/** What a step answers, with the Retry-After of a pause. */
export function answer(
  result: StepResult | { status: 401; body: { code: string; message: string } },
  reply: { header(name: string, value: string): unknown },
) {
  if ('retryAfter' in result && result.retryAfter && /^\d{1,6}$/.test(result.retryAfter)) {
    reply.header('retry-after', result.retryAfter);
  }
  return { status: result.status, body: result.body } as never;
}

/**
 * The sign-in journey's steps as portal calls (`gateway/src/flows/sign-in.ts`
 * decides them). A step's page posts the same step as a form: the pages
 * scope turns it into this call (`flows/forms.ts`).
 */
export const signInRoutes: RouterImplementation<typeof portalApi.signIn> = {
  readSignIn: async ({ request }) => {
    const flow = await readSignIn(request);
    // `/mfa` and `/mfa/methods` are a signed-in user's step-up's and merge's too.
    const view = flow ? viewOf(flow) : await readSignedInSteps(request);
    return view ? { status: 200, body: view } : { status: 410, body: FLOW_GONE.body };
  },
  password: async ({ body, request, reply }) =>
    answer(await signInSteps.password(request, reply, body), reply),
  method: async ({ body, request, reply }) =>
    answer(await signInSteps.method(request, reply, body), reply),
  resend: async ({ request, reply }) => answer(await signInSteps.resend(request, reply), reply),
  code: async ({ body, request, reply }) =>
    answer(await signInSteps.code(request, reply, body), reply),
};
