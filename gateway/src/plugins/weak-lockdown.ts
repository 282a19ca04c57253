import { portalApi } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { GatewayError } from '../errors';
import { sessionToken } from './session';

/**
 * What a session signed in with a weak password may still do (docs/product.md part 4:
 * "a weak password blocks login and forces a change"): read the user, replace
 * the password by the weak-password flow, and sign out. The calls that need
 * no session stay open too, since they act on no session: the variant's
 * config (the app cannot start without it) and a new sign-in: the sign-in
 * flow's steps, its code check included, or a passkey sign-in (which replace
 * this session). A step-up of this session stays locked.
 */
const OPEN = new Set<AppRoute>([
  portalApi.config.getConfig,
  portalApi.profile.getUser,
  portalApi.profile.replaceWeakPassword,
  portalApi.auth.deleteToken,
  portalApi.auth.loginByHash,
  portalApi.signIn.readSignIn,
  portalApi.signIn.password,
  portalApi.signIn.method,
  portalApi.signIn.resend,
  portalApi.signIn.code,
  portalApi.passkeys.finishAuthentication,
]);
const START_PASSKEY = portalApi.passkeys.startAuthentication;

/**
 * The server-side lockdown of a weak sign-in: every other portal call of the
 * session answers 403 `weak_password` until the password is replaced. The
 * state comes from the account API (`store.ts`), keyed by a hash of the
 * token: removing or editing a cookie cannot lift it, nor can Redis losing
 * its data. A hook of the /api
 * scope; the routes it leaves open (the contract's route objects, which
 * @ts-rest/fastify puts in each route's config) go on without a store lookup.
 */
export function weakLockdown(
  request: FastifyRequest,
  _reply: unknown,
  done: HookHandlerDoneFunction,
): void {
  const route = request.routeOptions.config.tsRestRoute as AppRoute | undefined;
  if (
    !route ||
    OPEN.has(route) ||
    // Decided once its body is read (`weakLockdownOnBody`).
    route === START_PASSKEY
  ) {
    done();
    return;
  }
  refuseIfWeak(request, done);
}

/**
 * The part of the lockdown that needs the body (a `preValidation` hook): a
 * passkey sign-in (`purpose: login`) replaces this session, a passkey
 * step-up of it does not.
 */
export function weakLockdownOnBody(
  request: FastifyRequest,
  _reply: unknown,
  done: HookHandlerDoneFunction,
): void {
  const route = request.routeOptions.config.tsRestRoute;
  if (route !== START_PASSKEY || (request.body as { purpose?: unknown })?.purpose === 'login') {
    done();
    return;
  }
  refuseIfWeak(request, done);
}

function refuseIfWeak(request: FastifyRequest, done: HookHandlerDoneFunction) {
  isWeakSession(request).then(
    (weak) => done(weak ? new GatewayError('weak_password') : undefined),
    (err: Error) => done(err),
  );
}

/** Whether this request's session is locked down (the partner entry sends it to the change). */
export async function isWeakSession(request: FastifyRequest): Promise<boolean> {
  const token = sessionToken(request);
  return token ? request.server.sessionStates.isWeak(request, token) : false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract route @ts-rest/fastify registered this route for. */
    tsRestRoute?: unknown;
  }
}
