import type { Account, Store, TokenRow } from '../store';
import { describeDevice, placeOf } from './devices';
import { nextId, randomOpaque } from './ids';

/** The bearer tokens: each one a session (device, place, activity) of an account. */

const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionInfo {
  deviceId: string | null;
  userAgent: string | null;
  ip: string | null;
}

export function issueToken(
  store: Store,
  accountId: number,
  session: Partial<SessionInfo> = {},
  client: { clientId: number; scopes: string[] } | null = null,
): TokenRow {
  const now = store.clock.now();
  const device = describeDevice(session.userAgent ?? null);
  const place = placeOf(session.ip ?? null);
  const row: TokenRow = {
    id: nextId(store),
    token: randomOpaque(),
    accountId,
    clientId: client?.clientId ?? null,
    scopes: client?.scopes ?? [],
    createdAt: now,
    expiresAt: now + TOKEN_TTL_MS,
    lastSeenAt: now,
    deviceId: session.deviceId ?? null,
    ...device,
    ...place,
    revokedAt: null,
  };
  store.tokens.set(row.token, row);
  return row;
}

/** The live token row of a bearer token (touching its last activity), if any. */
export function tokenRow(store: Store, token: string | undefined): TokenRow | undefined {
  if (!token) return undefined;
  const row = store.tokens.get(token);
  if (!row || row.revokedAt !== null || row.expiresAt <= store.clock.now()) return undefined;
  row.lastSeenAt = store.clock.now();
  return row;
}

export function accountForToken(store: Store, token: string | undefined): Account | undefined {
  const row = tokenRow(store, token);
  return row ? store.accounts.get(row.accountId) : undefined;
}

/**
 * A new token for a live session (docs/threat-model.md, "A session's life"):
 * the same session (id, device, place, first connection, sudo state), under a
 * new value; the old value is forgotten at once, so it answers 401 like any
 * unknown token.
 */
export function renewToken(store: Store, row: TokenRow): TokenRow {
  const old = row.token;
  const sudo = store.sudoUntil.get(old);
  store.tokens.delete(old);
  store.sudoUntil.delete(old);
  row.token = randomOpaque();
  store.tokens.set(row.token, row);
  if (sudo !== undefined) store.sudoUntil.set(row.token, sudo);
  return row;
}

export function revokeToken(store: Store, token: string): void {
  const row = store.tokens.get(token);
  if (row && row.revokedAt === null) row.revokedAt = store.clock.now();
  store.sudoUntil.delete(token);
}
