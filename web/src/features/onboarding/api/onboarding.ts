import type { OnboardingProgress, OnboardingStart } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answerOrThrow, api } from '../../../lib/api';

/*
 * The onboarding's calls, one mutation hook each (docs/architecture.md, "a
 * call a screen makes"): every non-2xx answer is thrown, so that a screen
 * takes busy from `isPending` and reads the failure with `stepErrorOf` of
 * `../errors`. Nothing is cached: each answer moves the flow on, its handle
 * (`payload`) kept in `onboardingState`.
 */

/** The body of a call, as the client takes it. */
type BodyOf<Call extends (args: never) => unknown> = Parameters<Call>[0] extends { body: infer B }
  ? B
  : never;

/**
 * Starts an onboarding (`POST /onboarding`) with a card number, an activation
 * code or an invitation code: the flow's payload, or the account the card
 * belongs to already.
 */
export const useStartOnboarding = () =>
  useMutation({
    mutationFn: (body: OnboardingStart) => answerOrThrow(api.onboarding.start({ body })),
  });

/** A code that went out: what was asked for (the address or number chosen) and the answer. */
export interface CodeSent<Body> {
  body: Body;
  progress: OnboardingProgress;
}

export type EmailChoice = BodyOf<typeof api.onboarding.sendEmailCode>;

/**
 * Sends a code to the e-mail address chosen (`POST /onboarding/email`): the
 * card's, kept (`keep_current`), or a personal one.
 */
export const useSendEmailCode = () =>
  useMutation({
    mutationFn: async (body: EmailChoice): Promise<CodeSent<EmailChoice>> => {
      const res = await answerOrThrow(api.onboarding.sendEmailCode({ body }));
      return { body, progress: res.body };
    },
  });

/** Confirms the e-mail address with the code sent to it (`POST /onboarding/email/verify`). */
export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (body: { payload: string; code: string }) =>
      answerOrThrow(api.onboarding.verifyEmail({ body })),
  });

export type PhoneChoice = BodyOf<typeof api.onboarding.sendPhoneCode>;

/**
 * Sends a code by SMS to the number (`POST /onboarding/phone`). `phone` may
 * still be on its way (the typed number being read into E.164, its rules
 * loading with the step): null means it is not a number, and nothing is sent
 * (the answer is null too). The mutation is busy from the start either way.
 */
export const useSendPhoneCode = () =>
  useMutation({
    mutationFn: async (request: {
      payload: string;
      phone: string | null | Promise<string | null>;
    }): Promise<CodeSent<PhoneChoice> | null> => {
      const phone = await request.phone;
      if (!phone) return null;
      const body = { payload: request.payload, phone };
      const res = await answerOrThrow(api.onboarding.sendPhoneCode({ body }));
      return { body, progress: res.body };
    },
  });

/** Confirms the number with the code sent to it (`POST /onboarding/phone/verify`). */
export const useVerifyPhone = () =>
  useMutation({
    mutationFn: (body: { payload: string; code: string }) =>
      answerOrThrow(api.onboarding.verifyPhone({ body })),
  });

/**
 * Chooses the new account's password (`POST /onboarding/password`): the
 * password rules (400, the broken rule in `fields.password`) and the known
 * breaches (422 `password_breached`) apply.
 */
export const useSetOnboardingPassword = () =>
  useMutation({
    mutationFn: (body: { payload: string; password: string }) =>
      answerOrThrow(api.onboarding.setPassword({ body })),
  });

/**
 * The last step (`POST /onboarding/terms`): the terms accepted and the names
 * given earlier, which creates the account, activates the card and signs the
 * user in; the answer's `outcome` says how it went.
 */
export const useAcceptTerms = () =>
  useMutation({
    mutationFn: (body: BodyOf<typeof api.onboarding.acceptTerms>) =>
      answerOrThrow(api.onboarding.acceptTerms({ body })),
  });
