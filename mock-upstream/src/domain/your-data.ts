import type { DataExport, DeletionScheduled, DeletionStatus } from '@portal/contract';
import type { Account, Store } from '../store';
import { recordEvent, revokeToken } from '../store';
import { toUser } from '../views';
import { listTrustedDevices, notificationSettings } from './devices';
import { YOUR_DATA } from './messages';
import { listMethods } from './mfa';
import { listGrants } from './oauth';
import { passkeysOf, toPasskey } from './passkeys';
import { type Current, listHistory, listSessions, needsSudo, SUDO_REQUIRED } from './sessions';

/*
 * Your data in your hands (docs/flows.md, "Download your data" and "Ask for
 * deletion"): the export, built from the same views as the account's reads,
 * and the deletion request with its grace period. This account API decides
 * what a deletion does to cards and vouchers, and says it in
 * `consequences`; the portal shows what it is told.
 */

/** The grace period between the request and the deletion. */
export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/** The second e-mail goes this long before the deletion takes effect. */
const REMINDER_BEFORE_MS = 7 * DAY_MS;

type Lang = Account['language'];
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, {
    dateStyle: 'long',
    timeZone: 'Europe/Brussels',
  }).format(ms);

/** A notice to the account's default verified e-mail, in its language. */
function notify(
  store: Store,
  account: Account,
  subject: string,
  body: string,
  link: string | null,
): void {
  const to = account.email.find((e) => e.default && e.verified)?.value;
  if (!to) return;
  const text = YOUR_DATA[account.language];
  store.outbox.push({
    to,
    channel: 'email',
    code: '',
    subject,
    ...(link ? { link } : {}),
    text: `${text.hello(account.firstname)}\n\n${body}${link ? `\n\n${text.notMe}\n${link}` : ''}`,
    at: store.clock.now(),
  });
}

// ------------------------------------------------------------------------ export

/** `POST /user/export`: the account as its screens show it; the owner is told by e-mail. */
export function exportData(store: Store, current: Current, deviceId: string | null) {
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  const { account } = current;
  recordEvent(store, account.id, 'data_exported', current.row);
  const document: DataExport = {
    generated_at: iso(store.clock.now()),
    user: toUser(account, store),
    marketing: account.marketing,
    notifications: notificationSettings(store, account.id),
    mfa_methods: listMethods(store, account, false),
    passkeys: passkeysOf(store, account.id).map(toPasskey),
    trusted_devices: listTrustedDevices(store, account.id, deviceId),
    sessions: listSessions(store, current),
    grants: listGrants(store, account),
    history: listHistory(store, account.id, Number.MAX_SAFE_INTEGER),
  };
  const text = YOUR_DATA[account.language].exported;
  notify(store, account, text.subject, text.body, `${store.portalUrl}/security/history`);
  return { status: 200 as const, body: document };
}

// ---------------------------------------------------------------------- deletion

const scheduledOf = (store: Store, accountId: number): DeletionScheduled | null => {
  const row = store.deletions.get(accountId);
  return row ? { requested_at: iso(row.requestedAt), delete_at: iso(row.deleteAt) } : null;
};

/** `GET /user/deletion`: what it means for this account, the grace period, the request under way. */
export function deletionStatus(store: Store, current: Current): DeletionStatus {
  const { account } = current;
  const text = YOUR_DATA[account.language];
  const hasCards = [...store.cards.values()].some((card) => card.accountId === account.id);
  return {
    consequences: [
      text.erased,
      ...(hasCards || account.user_id !== null ? [text.cards] : []),
      text.records,
    ],
    grace_days: DELETION_GRACE_DAYS,
    scheduled: scheduledOf(store, account.id),
  };
}

/**
 * `POST /user/deletion`: scheduled after the grace period; every session of
 * the account ends, this one too, so that only signing in again (with its
 * second factor) can cancel it.
 */
export function requestDeletion(store: Store, current: Current) {
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  const { account } = current;
  if (store.deletions.has(account.id)) {
    return {
      status: 409 as const,
      body: {
        code: 'deletion_scheduled',
        message: 'A deletion of this account is already under way.',
      },
    };
  }
  const now = store.clock.now();
  const row = { requestedAt: now, deleteAt: now + DELETION_GRACE_DAYS * DAY_MS, reminded: false };
  store.deletions.set(account.id, row);
  recordEvent(store, account.id, 'deletion_requested', current.row, iso(row.deleteAt));
  for (const token of store.tokens.values()) {
    if (token.accountId === account.id && token.revokedAt === null) revokeToken(store, token.token);
  }
  const text = YOUR_DATA[account.language].requested;
  notify(
    store,
    account,
    text.subject,
    text.body(day(row.deleteAt, account.language)),
    `${store.portalUrl}/login`,
  );
  return { status: 200 as const, body: scheduledOf(store, account.id) as DeletionScheduled };
}

/** `DELETE /user/deletion`: the owner, signed in during the grace period, keeps the account. */
export function cancelDeletion(store: Store, current: Current) {
  const { account } = current;
  if (!store.deletions.delete(account.id)) {
    return {
      status: 404 as const,
      body: { code: 'no_deletion', message: 'No deletion of this account is under way.' },
    };
  }
  recordEvent(store, account.id, 'deletion_cancelled', current.row);
  const text = YOUR_DATA[account.language].cancelled;
  notify(store, account, text.subject, text.body, `${store.portalUrl}/security/history`);
  return { status: 204 as const, body: undefined };
}

/** The account and everything that is its, gone; its cards unlinked (see `YOUR_DATA.cards`). */
function eraseAccount(store: Store, accountId: number): void {
  for (const token of store.tokens.values()) {
    if (token.accountId === accountId) revokeToken(store, token.token);
  }
  for (const [id, method] of store.mfaMethods) {
    if (method.accountId === accountId) store.mfaMethods.delete(id);
  }
  for (const [id, passkey] of store.passkeys) {
    if (passkey.accountId === accountId) store.passkeys.delete(id);
  }
  for (const card of store.cards.values()) {
    if (card.accountId === accountId) card.accountId = null;
  }
  const other = <T extends { accountId: number }>(rows: T[]) =>
    rows.filter((row) => row.accountId !== accountId);
  store.recoveryKeys = other(store.recoveryKeys);
  store.trustedDevices = other(store.trustedDevices);
  store.knownDevices = other(store.knownDevices);
  store.grants = other(store.grants);
  store.history = other(store.history);
  store.accessRequests = other(store.accessRequests);
  store.notificationSettings.delete(accountId);
  store.deletions.delete(accountId);
  store.accounts.delete(accountId);
}

/**
 * What time does to the deletions under way (run before each request, so that
 * `POST /__dev/clock` moves them on): the e-mail a week before, then the
 * deletion itself.
 */
export function runDeletions(store: Store): void {
  const now = store.clock.now();
  for (const [accountId, row] of store.deletions) {
    const account = store.accounts.get(accountId);
    if (!account) {
      store.deletions.delete(accountId);
      continue;
    }
    if (now >= row.deleteAt) {
      eraseAccount(store, accountId);
      continue;
    }
    if (!row.reminded && now >= row.deleteAt - REMINDER_BEFORE_MS) {
      row.reminded = true;
      const text = YOUR_DATA[account.language].reminder;
      notify(
        store,
        account,
        text.subject,
        text.body(day(row.deleteAt, account.language)),
        `${store.portalUrl}/login`,
      );
    }
  }
}
