import { portalApi } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { GatewayError } from '../errors';
import { sessionToken } from './session';

/**
 * What a session whose account must set up a second factor first
 * (`mfa_forced`, docs/flows.md "Forced MFA") may still do through the API:
 * read the user, the setup itself (the forced flow, the second factors, the
 * step-up some of them ask for), sign out, and every journey, since each
 * either starts another session or needs none (sign-in, passkey sign-in,
 * recovery, onboarding, the merge a sign-in found, the workplace link, a
 * lock link), a partner's consent (a partner's sign-in is never sent to
 * the setup), and the account's language (the header's switcher). What comes before the setup after a sign-in stays open too: a
 * weak password's replacement, a deletion's cancellation, the review of a
 * locked account's passkeys. Everything else answers 403
 * `mfa_setup_required` until the setup is done.
 */
const groups = [
  portalApi.auth,
  portalApi.mfa,
  portalApi.signIn,
  portalApi.stepUp,
  portalApi.forcedMfa,
  portalApi.merge,
  portalApi.recovery,
  portalApi.onboardingFlow,
  portalApi.lockdown,
  portalApi.config,
];
const OPEN = new Set<AppRoute>([
  ...groups.flatMap((group) => Object.values(group) as AppRoute[]),
  portalApi.profile.getUser,
  portalApi.profile.replaceWeakPassword,
  portalApi.yourData.getDeletion,
  portalApi.yourData.cancelDeletion,
  portalApi.passkeys.startAuthentication,
  portalApi.passkeys.finishAuthentication,
  portalApi.passkeys.listPasskeys,
  portalApi.passkeys.deletePasskey,
  portalApi.grants.authorize,
  portalApi.grants.approve,
  portalApi.grants.clientName,
  portalApi.grants.readConsent,
  portalApi.grants.redirectCheck,
  portalApi.partner.linkAccount,
  portalApi.partner.ssoOffer,
  portalApi.partner.ssoDiscover,
  portalApi.partner.ssoLogin,
  portalApi.partner.ssoCallback,
]);

/** Changing the account's language (the header's switcher) is open; any other change is not. */
const UPDATE_USER = portalApi.profile.updateUser;

/**
 * The server-side hold of a forced account: every other portal call of the
 * session answers 403 `mfa_setup_required`, whatever the page does. The
 * state comes from the account API (`store.ts`): a setup finished frees the
 * session at once. A hook of the /api scope, after the weak-password one.
 */
export function forcedMfaLockdown(
  request: FastifyRequest,
  _reply: unknown,
  done: HookHandlerDoneFunction,
): void {
  const route = request.routeOptions.config.tsRestRoute as AppRoute | undefined;
  // A change of the user is decided once its body is read (`forcedMfaLockdownOnBody`).
  if (!route || OPEN.has(route) || route === UPDATE_USER) {
    done();
    return;
  }
  refuseIfForced(request, done);
}

/**
 * The part of the hold that needs the body (a `preValidation` hook): a
 * change of the account's language alone goes on, so that the setup can be
 * read in the person's language.
 */
export function forcedMfaLockdownOnBody(
  request: FastifyRequest,
  _reply: unknown,
  done: HookHandlerDoneFunction,
): void {
  const route = request.routeOptions.config.tsRestRoute;
  const body = request.body;
  const languageOnly =
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).every((field) => field === 'language');
  if (route !== UPDATE_USER || languageOnly) {
    done();
    return;
  }
  refuseIfForced(request, done);
}

function refuseIfForced(request: FastifyRequest, done: HookHandlerDoneFunction) {
  const token = sessionToken(request);
  if (!token) {
    done();
    return;
  }
  request.server.sessionStates.isForced(request, token).then(
    (forced) => done(forced ? new GatewayError('mfa_setup_required') : undefined),
    (err: Error) => done(err),
  );
}

/**
 * Whether this request's session must set up its second factor first: for a
 * page, which then goes to the setup. An account API that cannot tell lets
 * the page through (its calls are held by `forcedMfaLockdown` all the same).
 */
export async function isForcedSession(request: FastifyRequest): Promise<boolean> {
  const token = sessionToken(request);
  if (!token) return false;
  return request.server.sessionStates.isForced(request, token).catch(() => false);
}
