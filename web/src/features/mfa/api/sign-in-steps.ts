import type { SignInNext, SignInView } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { followStep, useJourneyStep } from '../../../lib/sign-in-flow';

/*
 * The sign-in's second-factor steps (docs/flows.md, "Sign-in"): each sends
 * the step the page's form would send, as JSON, and follows the `next` the
 * gateway answers. The busy and error state are the mutation's.
 */

const useStep = <V>(send: (vars: V) => Promise<{ status: number; body: unknown }>) =>
  useJourneyStep<V, SignInNext>(send, followStep);

/** Whose steps a page sends: the sign-in's, the signed-in user's step-up's, or a merge's. */
type Journey = SignInView['journey'];
const stepsOf = (journey: Journey) =>
  journey === 'step-up' ? api.stepUp : journey === 'merge' ? api.merge : api.signIn;

/** "Use this method": its code is sent, then the code screen. */
export const useChooseMethod = (journey: Journey) =>
  useStep((mfaId: number) => stepsOf(journey).method({ body: { mfaId } }));

/** The code, and at sign-in whether to trust this device (a step-up's card: its number). */
export const useSendCode = (journey: Journey) =>
  useStep((vars: { code: string; trust: boolean; card_number?: string }) =>
    journey === 'step-up'
      ? api.stepUp.code({
          body: { code: vars.code, ...(vars.card_number ? { card_number: vars.card_number } : {}) },
        })
      : journey === 'merge'
        ? api.merge.code({ body: { code: vars.code } })
        : api.signIn.code({ body: { code: vars.code, trust: vars.trust } }),
  );

/** "Send a new code" by the same method; answers whether one went out. */
export const useResendCode = (journey: Journey) =>
  useMutation({
    mutationFn: async () => (await stepsOf(journey).resend({ body: {} })).status === 200,
  });

/** The step-up passed with the user's passkey (docs/threat-model.md, 3. Passkey): on to its target. */
export const usePasskeyDone = () => useStep(() => api.stepUp.passkey({ body: {} }));

/** A step-up starts (its target checked by the gateway): the code screen, the list, or the target. */
export const useStartStepUp = () =>
  useStep((target: string) => api.stepUp.start({ body: { target } }));
