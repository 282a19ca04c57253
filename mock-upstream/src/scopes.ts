import { type AccountApi, accountApi, isFirstPartyClient } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from './auth-header';
import { type Store, type TokenRow, tokenRow } from './store';

/**
 * What a bearer token must be to call each account-API route, in one table
 * (docs/threat-model.md, "Trust boundaries"):
 *
 * - `anyone`: the route acts on a payload or on credentials, not on the
 *   bearer (sign-in, onboarding, merge, identity-provider calls);
 * - `token`: any live token (revoking itself);
 * - a scope (`user`, `userwrite`): the portal's own sessions, or a client's
 *   token granted that scope;
 * - `first-party`: the portal's sessions and the first-party clients' tokens
 *   (2, 17, 51, 66), whatever their scopes (the address-hash hand-over);
 * - `portal`: the portal's own sessions only (second factors, sessions,
 *   grants, contacts, passkeys, devices: nothing a partner's grant names).
 *
 * The rule holds when a token is sent; a route that needs one answers 401
 * itself when none is. A token that falls short gets 403 `insufficient_scope`
 * (RFC 6750 section 3.1) before the route runs.
 */
type Need = 'anyone' | 'token' | 'user' | 'userwrite' | 'first-party' | 'portal';

export const ROUTE_SCOPES: { [D in keyof AccountApi]: Record<keyof AccountApi[D], Need> } = {
  auth: {
    createToken: 'anyone',
    deleteToken: 'token',
    mfaStatus: 'portal',
    startSudo: 'portal',
    confirmSudo: 'portal',
    createHandoverToken: 'first-party',
    renewToken: 'portal',
    loginByHash: 'anyone',
    // Names the hand-over's account to the browser that holds it, to ask before a switch.
    peekHashToken: 'anyone',
  },
  mfa: {
    listMethods: 'portal',
    setupMethod: 'portal',
    startActivation: 'portal',
    activate: 'portal',
    switchPrimary: 'portal',
    deleteMethod: 'portal',
    regenerateRecovery: 'portal',
  },
  profile: {
    getUser: 'user',
    updateUser: 'userwrite',
    updateIban: 'portal',
    changePassword: 'portal',
    replaceWeakPassword: 'portal',
    addLogin: 'portal',
    confirmLogin: 'portal',
    resendContactCode: 'portal',
    deleteContact: 'portal',
    makeContactPrimary: 'portal',
  },
  sessions: {
    listSessions: 'portal',
    deleteSession: 'portal',
    deleteAllSessions: 'portal',
    listHistory: 'portal',
  },
  grants: {
    listGrants: 'portal',
    revokeGrant: 'portal',
    authorize: 'portal',
    approve: 'portal',
    listClients: 'anyone',
  },
  onboarding: {
    forgotPassword: 'anyone',
    resetPassword: 'anyone',
    checkResetCode: 'anyone',
    forgotUsername: 'anyone',
    start: 'anyone',
    sendEmailCode: 'anyone',
    verifyEmail: 'anyone',
    sendPhoneCode: 'anyone',
    verifyPhone: 'anyone',
    setPassword: 'anyone',
    acceptTerms: 'anyone',
  },
  fuzzion: {
    details: 'anyone',
    sendCode: 'anyone',
    confirmCode: 'anyone',
    claim: 'anyone',
    accept: 'anyone',
    decline: 'anyone',
    notMe: 'anyone',
    ignore: 'anyone',
  },
  partner: {
    requestAccess: 'portal',
    linkAccount: 'anyone',
    unlinkSso: 'portal',
    ssoDiscover: 'anyone',
    ssoLogin: 'anyone',
    ssoCallback: 'anyone',
  },
  passkeys: {
    listPasskeys: 'portal',
    startRegistration: 'portal',
    finishRegistration: 'portal',
    startAuthentication: 'portal',
    finishAuthentication: 'portal',
    renamePasskey: 'portal',
    deletePasskey: 'portal',
    getPasskeyOffer: 'portal',
    declinePasskeyOffer: 'portal',
  },
  devices: {
    listTrustedDevices: 'portal',
    deleteTrustedDevice: 'portal',
    deleteAllTrustedDevices: 'portal',
  },
  notifications: {
    getNotificationSettings: 'portal',
    updateNotificationSettings: 'portal',
  },
  // The account's own data and its deletion: the portal's sessions only, never a partner's grant.
  yourData: {
    exportData: 'portal',
    getDeletion: 'portal',
    requestDeletion: 'portal',
    cancelDeletion: 'portal',
  },
  lockdown: {
    lockAccount: 'portal',
    // The link is the credential: it works signed out.
    checkLockdownLink: 'anyone',
    lockAccountByLink: 'anyone',
    confirmSecurityReview: 'portal',
  },
};

export const isFirstPartyToken = (row: Pick<TokenRow, 'clientId'>) =>
  isFirstPartyClient(row.clientId);

function allows(need: Need, row: TokenRow): boolean {
  switch (need) {
    case 'anyone':
    case 'token':
      return true;
    case 'portal':
      return row.clientId === null;
    case 'first-party':
      return isFirstPartyToken(row);
    default:
      return row.clientId === null || row.scopes.includes(need);
  }
}

/** The table by contract route object (which @ts-rest/fastify puts in each route's config). */
const NEED_OF_ROUTE = new Map<unknown, Need>();
for (const [domain, routes] of Object.entries(accountApi) as [keyof AccountApi, object][]) {
  for (const [name, route] of Object.entries(routes) as [string, AppRoute][]) {
    // A route missing from the table (typed to list them all) is the portal's only.
    NEED_OF_ROUTE.set(route, (ROUTE_SCOPES[domain] as Record<string, Need>)[name] ?? 'portal');
  }
}

/**
 * An `onRequest` hook of the account API's routes: a sent token that falls
 * short of its route's need is refused before the route runs.
 */
export function enforceScopes(store: Store) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const need = NEED_OF_ROUTE.get(request.routeOptions.config.tsRestRoute);
    if (need === undefined || need === 'anyone') return;
    const row = tokenRow(store, bearerToken(request));
    if (!row || allows(need, row)) return;
    const scope = need === 'user' || need === 'userwrite' ? need : 'portal';
    return reply
      .status(403)
      .header('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}"`)
      .send({
        code: 'insufficient_scope',
        message:
          need === 'user' || need === 'userwrite'
            ? `This token was not granted the "${need}" scope.`
            : 'This call is for the portal, not for an app it granted access to.',
      });
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract route @ts-rest/fastify registered this route for. */
    tsRestRoute?: unknown;
  }
}
