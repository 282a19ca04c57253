import type { ErrorBody, SsoDiscovery, SsoProvider } from '@portal/contract';
import {
  type Account,
  findAccountByLogin,
  issueToken,
  randomOpaque,
  recordEvent,
  type SessionInfo,
  type Store,
  verifySecret,
} from '../store';
import { noteSignIn } from './devices';

const SESSION_TTL_S = 30 * 24 * 3600;
/** The identity provider's code is short-lived; linking may take a while longer. */
const IDP_CODE_TTL_MS = 5 * 60_000;
const LINK_TTL_MS = 30 * 60_000;
/** The sign-in lockout rule (issue 4): 5 failures in 15 minutes lock for 15 minutes. */
const LOCK = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

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

function signIn(store: Store, account: Account, session: SessionInfo) {
  const row = issueToken(store, account.id, session);
  noteSignIn(store, account.id, session);
  recordEvent(store, account.id, 'login', row, 'sso');
  return {
    status: 'linked' as const,
    access_token: row.token,
    token_type: 'Bearer' as const,
    expires_in: SESSION_TTL_S,
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
  if (linked) return { status: 200 as const, body: signIn(store, linked, session) };

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

function isLocked(store: Store, account: Account): number | null {
  const until = store.lockedUntil.get(account.id) ?? 0;
  return until > store.clock.now() ? until : null;
}

function recordFailure(store: Store, account: Account): void {
  const now = store.clock.now();
  const recent = (store.failedLogins.get(account.id) ?? []).filter((t) => t > now - LOCK.windowMs);
  recent.push(now);
  store.failedLogins.set(account.id, recent);
  if (recent.length >= LOCK.maxFailures) store.lockedUntil.set(account.id, now + LOCK.lockMs);
}

/** `POST /user/link-account`: an existing account, proven by its password, takes the identity. */
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
  if (account && isLocked(store, account)) {
    return fail(429, 'locked', 'Too many attempts. Please try again later.');
  }
  if (!account || !verifySecret(body.password, account.passwordHash)) {
    if (account) {
      recordFailure(store, account);
      recordEvent(store, account.id, 'login_failed', null, 'link-account');
    }
    return fail(400, 'invalid_grant', 'Invalid username/password.');
  }
  const email = String(link.data.email);
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
  link.spent = true;
  account.sso_email = email;
  account.has_sso = true;
  store.failedLogins.delete(account.id);
  recordEvent(store, account.id, 'sso_linked', null, email);
  return { status: 200 as const, body: signIn(store, account, session) };
}

/** The lock's end, for the 429's Retry-After. */
export function lockedUntil(store: Store, username: string): number | null {
  const account = findAccountByLogin(store, username);
  return account ? isLocked(store, account) : null;
}
