import type { DataExport, DeletionScheduled, DeletionStatus } from '@portal/contract';
import type { Account, Store } from '../store';
import { recordEvent, revokeToken } from '../store';
import { toUser } from '../views';
import { listTrustedDevices, notificationSettings } from './devices';
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

const TEXTS: Record<
  Lang,
  {
    hello: (name: string) => string;
    exported: { subject: string; body: string };
    requested: { subject: string; body: (date: string) => string };
    reminder: { subject: string; body: (date: string) => string };
    cancelled: { subject: string; body: string };
    notMe: string;
    erased: string;
    cards: string;
    records: string;
  }
> = {
  en: {
    hello: (name) => `Hello ${name},`,
    exported: {
      subject: 'A copy of your account data was made',
      body: 'A copy of your account data was just downloaded from the portal.',
    },
    requested: {
      subject: 'Your account is to be deleted',
      body: (date) =>
        `You asked for your account to be deleted. It will be deleted on ${date}. Every device was signed out.\n\nChanged your mind? Sign in before then and choose “Keep my account”.`,
    },
    reminder: {
      subject: 'Your account will be deleted soon',
      body: (date) =>
        `Your account will be deleted on ${date}, as you asked. To keep it, sign in before then and choose “Keep my account”.`,
    },
    cancelled: {
      subject: 'Your account will not be deleted',
      body: 'The deletion of your account was cancelled: your account stays as it is.',
    },
    notMe: "If it wasn't you, change your password now and check your account's security history:",
    erased:
      'Your sign-in, name, e-mail addresses, phone numbers, IBAN, second factors, passkeys and security history are erased.',
    cards:
      'Your meal-voucher cards are unlinked from the account; the vouchers on them stay on the card until they expire.',
    records:
      'Records the law requires us to keep (such as invoices) are kept for the legal period, without access through this portal.',
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    exported: {
      subject: 'Une copie des données de votre compte a été faite',
      body: 'Une copie des données de votre compte vient d’être téléchargée depuis le portail.',
    },
    requested: {
      subject: 'Votre compte va être supprimé',
      body: (date) =>
        `Vous avez demandé la suppression de votre compte. Il sera supprimé le ${date}. Tous les appareils ont été déconnectés.\n\nVous avez changé d’avis ? Connectez-vous avant cette date et choisissez « Garder mon compte ».`,
    },
    reminder: {
      subject: 'Votre compte sera bientôt supprimé',
      body: (date) =>
        `Votre compte sera supprimé le ${date}, comme vous l’avez demandé. Pour le garder, connectez-vous avant cette date et choisissez « Garder mon compte ».`,
    },
    cancelled: {
      subject: 'Votre compte ne sera pas supprimé',
      body: 'La suppression de votre compte a été annulée : votre compte reste tel quel.',
    },
    notMe:
      'Si ce n’était pas vous, changez dès maintenant votre mot de passe et consultez l’historique de sécurité de votre compte :',
    erased:
      'Votre identifiant, votre nom, vos adresses e-mail, vos numéros de téléphone, votre IBAN, vos seconds facteurs, vos clés d’accès et votre historique de sécurité sont effacés.',
    cards:
      'Vos cartes de titres-repas sont détachées du compte ; les titres qu’elles portent y restent jusqu’à leur expiration.',
    records:
      'Les pièces que la loi nous oblige à conserver (comme les factures) sont gardées pendant la durée légale, sans accès par ce portail.',
  },
  nl: {
    hello: (name) => `Hallo ${name},`,
    exported: {
      subject: 'Er is een kopie van je accountgegevens gemaakt',
      body: 'Er is zojuist een kopie van je accountgegevens gedownload via het portaal.',
    },
    requested: {
      subject: 'Je account wordt verwijderd',
      body: (date) =>
        `Je hebt gevraagd om je account te verwijderen. Het wordt verwijderd op ${date}. Alle apparaten zijn afgemeld.\n\nToch van gedachten veranderd? Meld je vóór die datum aan en kies ‘Mijn account behouden’.`,
    },
    reminder: {
      subject: 'Je account wordt binnenkort verwijderd',
      body: (date) =>
        `Je account wordt op ${date} verwijderd, zoals je hebt gevraagd. Wil je het houden? Meld je vóór die datum aan en kies ‘Mijn account behouden’.`,
    },
    cancelled: {
      subject: 'Je account wordt niet verwijderd',
      body: 'Het verwijderen van je account is geannuleerd: je account blijft zoals het is.',
    },
    notMe:
      'Was jij dit niet? Wijzig nu je wachtwoord en bekijk de beveiligingsgeschiedenis van je account:',
    erased:
      'Je aanmeldgegevens, naam, e-mailadressen, telefoonnummers, IBAN, tweede factoren, passkeys en beveiligingsgeschiedenis worden gewist.',
    cards:
      'Je maaltijdchequekaarten worden losgekoppeld van het account; de cheques erop blijven op de kaart tot ze vervallen.',
    records:
      'Wat we wettelijk moeten bewaren (zoals facturen) blijft de wettelijke termijn bewaard, zonder toegang via dit portaal.',
  },
  de: {
    hello: (name) => `Hallo ${name},`,
    exported: {
      subject: 'Eine Kopie Ihrer Kontodaten wurde erstellt',
      body: 'Soeben wurde eine Kopie Ihrer Kontodaten aus dem Portal heruntergeladen.',
    },
    requested: {
      subject: 'Ihr Konto wird gelöscht',
      body: (date) =>
        `Sie haben die Löschung Ihres Kontos beantragt. Es wird am ${date} gelöscht. Alle Geräte wurden abgemeldet.\n\nSie haben es sich anders überlegt? Melden Sie sich vorher an und wählen Sie „Mein Konto behalten“.`,
    },
    reminder: {
      subject: 'Ihr Konto wird bald gelöscht',
      body: (date) =>
        `Ihr Konto wird wie beantragt am ${date} gelöscht. Um es zu behalten, melden Sie sich vorher an und wählen Sie „Mein Konto behalten“.`,
    },
    cancelled: {
      subject: 'Ihr Konto wird nicht gelöscht',
      body: 'Die Löschung Ihres Kontos wurde abgebrochen: Ihr Konto bleibt, wie es ist.',
    },
    notMe:
      'Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort und prüfen Sie den Sicherheitsverlauf Ihres Kontos:',
    erased:
      'Ihre Anmeldung, Ihr Name, Ihre E-Mail-Adressen, Telefonnummern, IBAN, zweiten Faktoren, Passkeys und Ihr Sicherheitsverlauf werden gelöscht.',
    cards:
      'Ihre Essensgutscheinkarten werden vom Konto gelöst; die Gutscheine darauf bleiben bis zu ihrem Ablauf auf der Karte.',
    records:
      'Was wir gesetzlich aufbewahren müssen (etwa Rechnungen), bleibt für die gesetzliche Frist erhalten, ohne Zugang über dieses Portal.',
  },
};

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
  const text = TEXTS[account.language];
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
  const text = TEXTS[account.language].exported;
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
  const text = TEXTS[account.language];
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
  const text = TEXTS[account.language].requested;
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
  const text = TEXTS[account.language].cancelled;
  notify(store, account, text.subject, text.body, `${store.portalUrl}/security/history`);
  return { status: 204 as const, body: undefined };
}

/** The account and everything that is its, gone; its cards unlinked (see `TEXTS.cards`). */
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
      const text = TEXTS[account.language].reminder;
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
