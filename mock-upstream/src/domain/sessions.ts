import type { HistoryEntry, Session } from '@portal/contract';
import {
  type Account,
  recordEvent,
  revokeToken,
  type Store,
  type TokenRow,
  tokenRow,
} from '../store';
import { hasMfa, hasSudo } from './mfa-codes';

/** The signed-in user of a request: the live token row and its account. */
export interface Current {
  token: string;
  row: TokenRow;
  account: Account;
}

export function currentSession(store: Store, token: string | undefined): Current | undefined {
  const row = tokenRow(store, token);
  const account = row ? store.accounts.get(row.accountId) : undefined;
  if (!token || !row || !account) return undefined;
  return { token, row, account };
}

export const UNAUTHENTICATED = {
  status: 401,
  body: { code: 'unauthenticated', message: 'Sign in first.' },
} as const;

export const SUDO_REQUIRED = {
  status: 403,
  body: {
    code: 'sudo_required',
    message: 'Confirm it is you with a second factor before this change.',
  },
} as const;

/**
 * Sensitive changes need a recent MFA check (docs/product.md part 4). A user with no
 * second factor at all has nothing to check, as for the MFA calls.
 */
export function needsSudo(store: Store, current: Current): boolean {
  return hasMfa(store, current.account.id) && !hasSudo(store, current.token);
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toSession(store: Store, row: TokenRow, currentToken: string): Session {
  const client = row.clientId === null ? undefined : store.clients.get(row.clientId);
  return {
    id: row.id,
    device_name: row.deviceName,
    browser: row.browser,
    os: row.os,
    city: row.city,
    country: row.country,
    first_connection: iso(row.createdAt),
    recent_activity: iso(row.lastSeenAt),
    status: row.revokedAt === null ? 'active' : 'revoked',
    current: row.token === currentToken,
    services: client ? [client.name] : [],
  };
}

/** The user's sessions that have not expired, current first, then most recently active. */
export function listSessions(store: Store, current: Current): Session[] {
  const now = store.clock.now();
  return [...store.tokens.values()]
    .filter((t) => t.accountId === current.account.id && t.expiresAt > now)
    .sort(
      (a, b) =>
        Number(b.token === current.token) - Number(a.token === current.token) ||
        Number(a.revokedAt !== null) - Number(b.revokedAt !== null) ||
        b.lastSeenAt - a.lastSeenAt ||
        b.id - a.id,
    )
    .map((row) => toSession(store, row, current.token));
}

function describeSession(row: TokenRow): string {
  return [row.deviceName ?? 'Unknown device', row.browser].filter(Boolean).join(', ');
}

/** Logs out one of the user's sessions; false when it is not theirs. Revoking twice is harmless. */
export function revokeSession(store: Store, current: Current, id: number): boolean {
  const row = [...store.tokens.values()].find(
    (t) => t.id === id && t.accountId === current.account.id,
  );
  if (!row) return false;
  if (row.revokedAt === null) {
    revokeToken(store, row.token);
    recordEvent(store, current.account.id, 'session_revoked', current.row, describeSession(row));
  }
  return true;
}

/**
 * A password changed or replaced ends every other session of the account,
 * partner apps' tokens included, as a reset does (docs/threat-model.md, "A
 * session's life"): a session someone else opened with the old password must
 * not outlive it. Answers the sessions it ended, as they were, for the screen
 * to name.
 */
export function endOtherSessions(store: Store, current: Current): Session[] {
  const now = store.clock.now();
  const ended = [...store.tokens.values()].filter(
    (t) =>
      t.accountId === current.account.id &&
      t.token !== current.token &&
      t.revokedAt === null &&
      t.expiresAt > now,
  );
  for (const row of ended) revokeToken(store, row.token);
  return ended
    .sort((a, b) => b.lastSeenAt - a.lastSeenAt || b.id - a.id)
    .map((row) => toSession(store, row, current.token));
}

/** Global logout: every session of the user stops working, this one included. */
export function revokeAllSessions(store: Store, current: Current): void {
  let revoked = 0;
  for (const row of store.tokens.values()) {
    if (row.accountId !== current.account.id || row.revokedAt !== null) continue;
    revokeToken(store, row.token);
    revoked += 1;
  }
  recordEvent(
    store,
    current.account.id,
    'sessions_revoked_all',
    current.row,
    `${revoked} session${revoked === 1 ? '' : 's'}`,
  );
}

/** The account's security history, newest first. */
export function listHistory(store: Store, accountId: number, limit: number): HistoryEntry[] {
  return store.history
    .filter((e) => e.accountId === accountId)
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .slice(0, limit)
    .map((e) => ({
      id: e.id,
      time: iso(e.at),
      kind: e.kind,
      device_name: e.deviceName,
      browser: e.browser,
      os: e.os,
      city: e.city,
      country: e.country,
      detail: e.detail,
    }));
}
