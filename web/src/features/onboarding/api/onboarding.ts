import type { OnboardingNext } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { followOnboarding } from '../../../lib/onboarding-flow';

/*
 * The onboarding's steps (docs/flows.md, "Onboarding"), one mutation hook
 * each (docs/architecture.md, "a call a screen makes"): each sends the step
 * the page's form would send, as JSON, and follows the `next` the gateway
 * answers. A refused step is thrown (`{status, body, headers}`): the busy and
 * error state are the mutation's. Nothing of the journey is kept here.
 */

function useStep<V>(send: (vars: V) => Promise<{ status: number; body: unknown }>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (vars: V): Promise<OnboardingNext> => {
      const res = await send(vars);
      if (res.status !== 200) throw res;
      return res.body as OnboardingNext;
    },
    onSuccess: (answer) => followOnboarding(answer, queryClient, navigate),
  });
}

/** The card number (LU: activation code) or the invitation code: a new journey. */
export const useStart = () =>
  useStep((body: { card?: string; invitation?: string }) => api.onboardingFlow.start({ body }));

/** "Your details": names, the terms and the privacy policy, marketing. */
export const useDetails = () =>
  useStep(
    (body: {
      firstname: string;
      lastname: string;
      terms: boolean;
      privacy: boolean;
      marketing: boolean;
    }) => api.onboardingFlow.details({ body }),
  );

/** The e-mail address (personal, or the card's kept): its code is sent. */
export const useEmail = () =>
  useStep((body: { email?: string; keep?: boolean }) => api.onboardingFlow.email({ body }));

/** The mobile number as typed (the gateway reads it): its code is sent by SMS. */
export const usePhone = () =>
  useStep((phone: string) => api.onboardingFlow.phone({ body: { phone } }));

/** The code of the e-mail or phone step under way. */
export const useCode = () => useStep((code: string) => api.onboardingFlow.code({ body: { code } }));

/** The password: the account is created and the browser signed in. */
export const usePassword = () =>
  useStep((password: string) =>
    api.onboardingFlow.password({ body: { password, confirm: password } }),
  );

/** On without a change (a confirmed address or number; the confirmation). */
export const useContinue = () => useStep(() => api.onboardingFlow.continue({ body: {} }));

/** Back: the previous step. */
export const useBack = () => useStep(() => api.onboardingFlow.back({ body: {} }));

/** "Send a new code": answers whether one went out (the page stays as it is). */
export const useResend = () =>
  useMutation({
    mutationFn: async () => (await api.onboardingFlow.resend({ body: {} })).status === 200,
  });
