import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { BREACHED, type PasswordCheck } from '../domain/breached';
import {
  acceptTerms,
  sendEmailCode,
  sendPhoneCode,
  setPassword,
  startOnboarding,
  verifyEmail,
  verifyPhone,
} from '../domain/onboarding';
import { checkResetCode, forgotPassword, forgotUsername, resetPassword } from '../domain/recovery';
import type { Store } from '../store';
import { sessionInfo } from './auth';

export function onboardingRoutes(
  store: Store,
  passwords: PasswordCheck,
): RouterImplementation<typeof accountApi.onboarding> {
  return {
    forgotPassword: async ({ body }) => ({ status: 200, body: forgotPassword(store, body) }),
    resetPassword: async ({ body, request }) => {
      if (await passwords.isBreached(body.password)) return BREACHED;
      const result = resetPassword(store, body, sessionInfo(request));
      if (result.status === 422) return { status: 422, body: { message: result.message } };
      return { status: 204, body: undefined };
    },
    checkResetCode: async ({ body }) => {
      const result = checkResetCode(store, body);
      if (result.status === 422) return { status: 422, body: { message: result.message } };
      return { status: 204, body: undefined };
    },
    forgotUsername: async ({ body }) => ({ status: 200, body: forgotUsername(store, body) }),
    start: async ({ body }) => startOnboarding(store, body),
    sendEmailCode: async ({ body }) => sendEmailCode(store, body),
    verifyEmail: async ({ body }) => verifyEmail(store, body),
    sendPhoneCode: async ({ body }) => sendPhoneCode(store, body),
    verifyPhone: async ({ body }) => verifyPhone(store, body),
    setPassword: async ({ body }) =>
      (await passwords.isBreached(body.password)) ? BREACHED : setPassword(store, body),
    acceptTerms: async ({ body, request }) => acceptTerms(store, body, sessionInfo(request)),
  };
}
