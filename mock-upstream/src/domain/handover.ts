import {
  type AccountLabel,
  type ErrorBody,
  type HashTokenOwner,
  isFirstPartyClient,
  type TokenAnswer,
} from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import { isFirstPartyToken } from '../scopes';
import { type Account, type SessionInfo, type Store, tokenRow } from '../store';
import { type Result, signedIn, tokenAnswer, UNAUTHENTICATED } from './auth';
import { createChallenge, findChallenge, spendChallenge } from './mfa-codes';

/** A hash token is for an immediate hand-over from another app. */
export const HANDOVER_TTL_MS = 5 * 60_000;

// ------------------------------------------------------------- login by hash

/**
 * A first-party app hands its signed-in user over to the portal: a one-time
 * hash token. Only the portal's own sessions and first-party clients' tokens
 * may mint one: a partner's token, whatever its scopes, would otherwise turn
 * into a full portal session (`loginByHash` answers no scopes).
 */
export function createHandoverToken(
  store: Store,
  bearer: string | undefined,
): Result<201, { token: string; expires_in: number }> | Result<401 | 403, ErrorBody> {
  const session = tokenRow(store, bearer);
  if (!session) return { status: 401, body: UNAUTHENTICATED };
  if (!isFirstPartyToken(session)) {
    return {
      status: 403,
      body: {
        code: 'insufficient_scope',
        message: 'Only the portal and first-party apps can hand a user over.',
      },
    };
  }
  const challenge = createChallenge(store, {
    purpose: 'handover',
    accountId: session.accountId,
    ttlMs: HANDOVER_TTL_MS,
    data: { clientId: session.clientId },
  });
  return { status: 201, body: { token: challenge.payload, expires_in: HANDOVER_TTL_MS / 1000 } };
}

/**
 * Exchanges a hash token (single use, 5 minutes) for a session of the same
 * account. The answer names the client whose token minted it (`client_id`,
 * null for a portal session), so that the portal can check it for itself.
 */
export function loginByHash(
  store: Store,
  input: { token: string; 'origin-app'?: string | undefined },
  session: Partial<SessionInfo>,
): Result<200, TokenAnswer & { client_id: number | null }> | Result<400, ErrorBody> {
  const found = findChallenge(store, input.token, ['handover']);
  const account =
    found.ok && found.challenge.accountId !== null
      ? store.accounts.get(found.challenge.accountId)
      : undefined;
  const clientId = found.ok ? (found.challenge.data.clientId as number | null | undefined) : null;
  if (!found.ok || !account || clientId === undefined || !isFirstPartyClient(clientId)) {
    return {
      status: 400,
      body: { code: 'invalid_token', message: 'This sign-in link is invalid or has expired.' },
    };
  }
  spendChallenge(found.challenge);
  const how = `token from ${input['origin-app'] ?? 'another app'}`;
  return {
    status: 200,
    body: {
      ...tokenAnswer(signedIn(store, account, session, how), account),
      client_id: clientId,
    },
  };
}

/** First name and masked default e-mail: enough for a person to recognise an account. */
function labelOf(account: Account): AccountLabel {
  const email = account.email.find((e) => e.default) ?? account.email[0];
  return { firstname: account.firstname, login: email ? maskContact(email.value) : '' };
}

/** Whose a hash token is, and whether it is the bearer's account; the token stays usable. */
export function peekHashToken(
  store: Store,
  token: string,
  bearer: string | undefined,
): Result<200, HashTokenOwner> | Result<400, ErrorBody> {
  const found = findChallenge(store, token, ['handover']);
  const account =
    found.ok && found.challenge.accountId !== null
      ? store.accounts.get(found.challenge.accountId)
      : undefined;
  if (!account) {
    return {
      status: 400,
      body: { code: 'invalid_token', message: 'This sign-in link is invalid or has expired.' },
    };
  }
  const session = tokenRow(store, bearer);
  const current = session && store.accounts.get(session.accountId);
  return {
    status: 200,
    body: {
      incoming: labelOf(account),
      current: current ? labelOf(current) : null,
      same_account: current?.id === account.id,
    },
  };
}
