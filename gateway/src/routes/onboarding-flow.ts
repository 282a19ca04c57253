import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import {
  ONBOARDING_GONE,
  type OnboardingResult,
  onboardingSteps,
  onboardingViewOf,
  readOnboarding,
} from '../flows/onboarding';
import { passRetryAfter } from './pass-through';

/** What a step answers, with the Retry-After of a pause. */
function answer(result: OnboardingResult, reply: { header(name: string, value: string): unknown }) {
  if ('retryAfter' in result && result.retryAfter) {
    passRetryAfter(new Headers({ 'retry-after': result.retryAfter }), reply);
  }
  return { status: result.status, body: result.body } as never;
}

/**
 * The onboarding journey's steps as portal calls (`gateway/src/flows/onboarding.ts`
 * decides them). A step's page posts the same step as a form: the pages
 * scope turns it into this call (`flows/forms.ts`).
 */
export const onboardingFlowRoutes: RouterImplementation<typeof portalApi.onboardingFlow> = {
  read: async ({ request }) => {
    const flow = await readOnboarding(request);
    return flow
      ? { status: 200, body: onboardingViewOf(flow) }
      : { status: 410, body: ONBOARDING_GONE.body };
  },
  start: async ({ body, request, reply }) =>
    answer(await onboardingSteps.start(request, reply, body), reply),
  details: async ({ body, request, reply }) =>
    answer(await onboardingSteps.details(request, reply, body), reply),
  email: async ({ body, request, reply }) =>
    answer(await onboardingSteps.email(request, reply, body), reply),
  phone: async ({ body, request, reply }) =>
    answer(await onboardingSteps.phone(request, reply, body), reply),
  code: async ({ body, request, reply }) =>
    answer(await onboardingSteps.code(request, reply, body), reply),
  resend: async ({ request, reply }) => answer(await onboardingSteps.resend(request, reply), reply),
  password: async ({ body, request, reply }) =>
    answer(await onboardingSteps.password(request, reply, body), reply),
  continue: async ({ request, reply }) =>
    answer(await onboardingSteps.continue(request, reply), reply),
  back: async ({ request, reply }) => answer(await onboardingSteps.back(request, reply), reply),
};
