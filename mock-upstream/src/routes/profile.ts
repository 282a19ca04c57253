import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import { BREACHED, type PasswordCheck } from '../domain/breached';
import {
  addLogin,
  changePassword,
  confirmLogin,
  deleteContact,
  makeContactPrimary,
  replaceWeakPassword,
  resendContactCode,
  updateIban,
  updateProfile,
} from '../domain/profile';
import { currentSession, needsSudo, SUDO_REQUIRED, UNAUTHENTICATED } from '../domain/sessions';
import type { Store } from '../store';
import { toUser } from '../views';
import { sessionInfo, withRetryAfter } from './auth';

export function profileRoutes(
  store: Store,
  passwords: PasswordCheck,
): RouterImplementation<typeof accountApi.profile> {
  const signedIn = (request: Parameters<typeof bearerToken>[0]) =>
    currentSession(store, bearerToken(request));
  return {
    getUser: async ({ request }) => {
      const current = signedIn(request);
      if (!current) return UNAUTHENTICATED;
      return { status: 200, body: { data: toUser(current.account, store) } };
    },
    updateUser: async ({ request, body }) => {
      const current = signedIn(request);
      return current ? updateProfile(store, current, body) : UNAUTHENTICATED;
    },
    updateIban: async ({ request, body }) => {
      const current = signedIn(request);
      return current ? updateIban(store, current, body) : UNAUTHENTICATED;
    },
    changePassword: async ({ request, body, reply }) => {
      const current = signedIn(request);
      if (!current) return UNAUTHENTICATED;
      if (needsSudo(store, current)) return SUDO_REQUIRED;
      if (await passwords.isBreached(body.password)) return BREACHED;
      return withRetryAfter(changePassword(store, current, body, sessionInfo(request)), reply);
    },
    replaceWeakPassword: async ({ request, body }) => {
      const current = signedIn(request);
      if (!current) return UNAUTHENTICATED;
      if (await passwords.isBreached(body.password)) return BREACHED;
      return replaceWeakPassword(store, current, body);
    },
    addLogin: async ({ request, body }) => {
      const current = signedIn(request);
      return current ? addLogin(store, current, body) : UNAUTHENTICATED;
    },
    confirmLogin: async ({ request, body }) => {
      const current = signedIn(request);
      return current ? confirmLogin(store, current, body) : UNAUTHENTICATED;
    },
    resendContactCode: async ({ request, params }) => {
      const current = signedIn(request);
      return current ? resendContactCode(store, current, params.id) : UNAUTHENTICATED;
    },
    deleteContact: async ({ request, params }) => {
      const current = signedIn(request);
      return current ? deleteContact(store, current, params.id) : UNAUTHENTICATED;
    },
    makeContactPrimary: async ({ request, params }) => {
      const current = signedIn(request);
      return current ? makeContactPrimary(store, current, params.id) : UNAUTHENTICATED;
    },
  };
}
