import type { ErrorBody, MfaNeeded, SsoDiscovery, SsoProvider } from '@portal/contract';
import {
  type Account,
  type ChallengeRow,
  deviceOf,
  findAccountByLogin,
  issueToken,
  randomOpaque,
  recordEvent,
  type SessionInfo,
  type Store,
} from '../store';
import { checkPassword, offeredMethods } from './auth';
import { noteSignIn } from './devices';
import { mustResetPassword, RESET_REQUIRED } from './lockdown';
import { WORKPLACE_LOGIN } from './messages';
import { createChallenge, hasMfa, MAX_WRONG_TRIES, toMfaMethod } from './mfa-codes';

const SESSION_TTL_S = 30 * 24 * 3600;
/** The identity provider's code is short-lived; linking may take a while longer. */
const IDP_CODE_TTL_MS = 5 * 60_000;
const LINK_TTL_MS = 30 * 60_000;
/** Each beta company signs in with one workplace provider; Acme uses Microsoft. */
const PROVIDER_OF_COMPANY: Record<string, SsoProvider> = { Acme: 'microsoft' };

type Failure<S extends number> = { status: S; body: ErrorBody };
const fail = <S extends number>(status: S, code: string, message: string): Failure<S> => ({
  status,
  body: { code, message },
});

function domainOf(login: string): string | null {
  const at = login.lastIndexOf('@');
  return at > 0
    ? login
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : null;
}

/**
 * Home-realm discovery by e-mail domain (not by account, so that it tells
 * nothing about who has an account): the beta company of that domain.
 */
export function discover(store: Store, login: string): SsoDiscovery {
  const domain = domainOf(login);
  if (domain) {
    for (const account of store.accounts.values()) {
      if (!account.company || !account.has_sso) continue;
      if (account.email.some((e) => domainOf(e.value) === domain)) {
        return {
          company: account.company,
          provider: PROVIDER_OF_COMPANY[account.company] ?? 'microsoft',
        };
      }
    }
  }
  return { company: null, provider: null };
}

/** `POST /partner/access-request`: recorded once; asking again keeps the first time. */
export function requestAccess(
  store: Store,
  account: Account,
): { status: 200; body: { requested_at: string } } | Failure<409> {
  if (account.fridom_user_id !== null) {
    return fail(409, 'access_already_granted', 'You already have access to the partner area.');
  }
  let request = store.accessRequests.find((r) => r.accountId === account.id);
  if (!request) {
    request = { accountId: account.id, at: store.clock.now() };
    store.accessRequests.push(request);
  }
  return { status: 200, body: { requested_at: new Date(request.at).toISOString() } };
}

/**
 * The mock plays the identity provider too: its "login page" signs in the
 * `login_hint` at once (or the region's beta user) and returns to the portal's
 * callback with a code, as a real provider would after its own login.
 */
export function startSsoLogin(
  store: Store,
  provider: SsoProvider,
  query: { redirect_uri: string; state: string; login_hint?: string },
): { status: 200; body: { redirect: string } } | Failure<400> {
  const callback = new URL(query.redirect_uri);
  const callbackPath = `/sso/${provider}/login/callback`;
  if (!['http:', 'https:'].includes(callback.protocol) || callback.pathname !== callbackPath) {
    return fail(400, 'invalid_redirect_uri', `redirect_uri must be the portal's ${callbackPath}.`);
  }
  const hint = query.login_hint?.trim().toLowerCase();
  const betaUser = [...store.accounts.values()].find((a) => a.company && a.has_sso);
  const email =
    hint && domainOf(hint) ? hint : (betaUser?.email[0]?.value ?? 'new.user@acme.example');
  const code = randomOpaque();
  store.challenges.set(code, {
    payload: code,
    purpose: 'sso-idp-code',
    accountId: null,
    mfaId: null,
    codeHash: null,
    expiresAt: store.clock.now() + IDP_CODE_TTL_MS,
    wrongTries: 0,
    spent: false,
    data: { provider, email },
  });
  callback.searchParams.set('code', code);
  callback.searchParams.set('state', query.state);
  return { status: 200, body: { redirect: callback.toString() } };
}

/** A live challenge of the purpose, spent when `spend` is set. */
function liveChallenge(store: Store, payload: string, purpose: string) {
  const row = store.challenges.get(payload);
  if (!row || row.purpose !== purpose || row.spent || row.expiresAt <= store.clock.now()) {
    return undefined;
  }
  return row;
}

function signIn(store: Store, account: Account, session: SessionInfo, how: string) {
  const row = issueToken(store, account.id, session);
  noteSignIn(store, account.id, session);
  recordEvent(store, account.id, 'login', row, how);
  return {
    status: 'linked' as const,
    access_token: row.token,
    token_type: 'Bearer' as const,
    expires_in: SESSION_TTL_S,
    // Every answer that starts a session says whether the password is weak:
    // the gateway confines such a session whatever door it came through.
    password_status: account.password_status,
    company: account.company ?? discover(store, account.sso_email ?? '').company,
  };
}

/** The provider's callback: sign in a linked identity, or offer to link it. */
export function ssoCallback(
  store: Store,
  provider: SsoProvider,
  code: string,
  session: SessionInfo,
) {
  const row = liveChallenge(store, code, 'sso-idp-code');
  if (!row || row.data.provider !== provider) {
    return fail(400, 'invalid_sso_code', 'The identity-provider login is invalid or expired.');
  }
  row.spent = true;
  const email = String(row.data.email);
  const linked = [...store.accounts.values()].find((a) => a.sso_email === email);
  if (linked && mustResetPassword(store, linked.id)) return RESET_REQUIRED;
  if (linked) return { status: 200 as const, body: signIn(store, linked, session, 'sso') };

  const payload = randomOpaque();
  store.challenges.set(payload, {
    payload,
    purpose: 'sso-link',
    accountId: null,
    mfaId: null,
    codeHash: null,
    expiresAt: store.clock.now() + LINK_TTL_MS,
    wrongTries: 0,
    spent: false,
    data: { provider, email },
  });
  return {
    status: 200 as const,
    body: {
      status: findAccountByLogin(store, email) ? ('not_linked' as const) : ('no_account' as const),
      payload,
      email,
      company: discover(store, email).company,
    },
  };
}

/** Who holds an identity, or why an account cannot take it (409). */
function linkConflict(store: Store, account: Account, email: string): Failure<409> | null {
  if (account.sso_email !== null && account.sso_email !== email) {
    return fail(
      409,
      'account_already_linked',
      'This account is already linked to another identity-provider login.',
    );
  }
  const holder = [...store.accounts.values()].find((a) => a.sso_email === email);
  if (holder && holder.id !== account.id) {
    return fail(
      409,
      'identity_already_linked',
      'This identity-provider login is already linked to another account.',
    );
  }
  return null;
}

/**
 * `POST /user/link-account`: an existing account, proven by its password
 * and then by its second factor, takes the identity. A link gives whoever
 * holds the outside identity password-less sign-ins to the account from then
 * on, so it asks for everything a sign-in asks for and more: the second
 * factor even on a trusted device (a 401 with a `login` challenge, the
 * sign-in's own; `POST /mfa/sudo` completes the link, `completeLink`). Wrong
 * passwords count toward the account's lock and spend the link payload after
 * `MAX_WRONG_TRIES`, so that one payload is no password-guessing oracle.
 */
export function linkAccount(
  store: Store,
  body: { payload: string; username: string; password: string },
  session: SessionInfo,
) {
  const link = liveChallenge(store, body.payload, 'sso-link');
  if (!link) {
    return fail(
      400,
      'invalid_payload',
      'The identity-provider login expired. Please sign in again.',
    );
  }
  const account = findAccountByLogin(store, body.username);
  // The sign-in's own bound: the same lock, its 429 and its history event.
  const check = checkPassword(
    store,
    account ?? { username: body.username },
    body.password,
    session,
    'link-account',
  );
  if (check !== 'ok' && check !== 'wrong') return check;
  if (!account || check === 'wrong') {
    link.wrongTries += 1;
    if (link.wrongTries >= MAX_WRONG_TRIES) link.spent = true;
    return fail(400, 'invalid_grant', 'Invalid username/password.');
  }
  const conflict = linkConflict(store, account, String(link.data.email));
  if (conflict) return conflict;
  if (hasMfa(store, account.id)) {
    const challenge = createChallenge(store, {
      purpose: 'login',
      accountId: account.id,
      data: { link: link.payload, deviceId: session.deviceId ?? null },
    });
    const methods = offeredMethods(store, account.id).map((m) => toMfaMethod(m, true));
    const body: MfaNeeded = { mfa: { payload: challenge.payload, methods } };
    return { status: 401 as const, body };
  }
  const linked = attachIdentity(store, account, link, session);
  if ('status' in linked) return linked;
  return { status: 200 as const, body: signIn(store, account, session, 'sso link') };
}

/**
 * The identity goes to the account: the link payload is spent, the security
 * history records it and the account's e-mail announces it (with the way to
 * remove it), whatever the door (password alone, or password and second factor).
 */
function attachIdentity(
  store: Store,
  account: Account,
  link: ChallengeRow,
  session: Partial<SessionInfo>,
): { email: string } | Failure<409> {
  const email = String(link.data.email);
  const conflict = linkConflict(store, account, email);
  if (conflict) return conflict;
  link.spent = true;
  account.sso_email = email;
  account.has_sso = true;
  recordEvent(store, account.id, 'sso_linked', deviceOf(session), email);
  announce(store, account, 'linked', email);
  return { email };
}

/**
 * The link's last step, once `POST /mfa/sudo` accepted the second factor of
 * a `login` challenge made by `linkAccount`: the identity is attached before
 * the session is issued. Null when the link cannot be made any more (its
 * payload expired, or the identity went to another account meanwhile).
 */
export function completeLink(
  store: Store,
  account: Account,
  linkPayload: string,
  session: Partial<SessionInfo>,
): { email: string } | null {
  const link = liveChallenge(store, linkPayload, 'sso-link');
  if (!link) return null;
  const attached = attachIdentity(store, account, link, session);
  return 'status' in attached ? null : attached;
}

/** `DELETE /user/sso`: the workplace login no longer signs in to the account. */
export function unlinkIdentity(
  store: Store,
  account: Account,
  session: Partial<SessionInfo>,
): { status: 204; body: undefined } | Failure<404> {
  const email = account.sso_email;
  if (email === null) {
    return fail(404, 'sso_not_linked', 'No workplace login is linked to this account.');
  }
  account.sso_email = null;
  recordEvent(store, account.id, 'sso_unlinked', deviceOf(session), email);
  announce(store, account, 'unlinked', email);
  return { status: 204, body: undefined };
}

/** The e-mail notice of a link or its removal, to the account's primary address. */
function announce(store: Store, account: Account, what: 'linked' | 'unlinked', email: string) {
  const to = account.email.find((e) => e.default && e.verified)?.value;
  if (!to) return;
  const text = WORKPLACE_LOGIN[account.language];
  const link = `${store.portalUrl}/security`;
  store.outbox.push({
    to,
    channel: 'email',
    code: '',
    subject: text[what].subject,
    link,
    text: `${text[what].body({ name: account.firstname, email })}\n\n${text.notMe}\n${link}`,
    at: store.clock.now(),
  });
}
