import type { SignInNext } from '@portal/contract';
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

/** "Use this method": its code is sent, then the code screen. */
export const useChooseMethod = () =>
  useStep((mfaId: number) => api.signIn.method({ body: { mfaId } }));

/** The code, and whether to trust this device. */
export const useSendCode = () =>
  useStep((vars: { code: string; trust: boolean }) => api.signIn.code({ body: vars }));

/** "Send a new code" by the same method; answers whether one went out. */
export const useResendCode = () =>
  useMutation({
    mutationFn: async () => (await api.signIn.resend({ body: {} })).status === 200,
  });
