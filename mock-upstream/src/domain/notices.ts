import type { Session } from '@portal/contract';
import type { Account, Store } from '../store';

/**
 * The e-mail an account gets when its password changes (docs/threat-model.md,
 * "A session's life"): what changed, the devices it signed out, and what to
 * do if it was not the owner. Always sent (it cannot be switched off, as
 * Google's is not), to the default verified e-mail, in the account's language.
 */

type Lang = Account['language'];

const PASSWORD_CHANGED: Record<
  Lang,
  {
    subject: string;
    body: (name: string) => string;
    signedOut: (devices: string) => string;
    noneSignedOut: string;
    unknownDevice: string;
    notMe: string;
  }
> = {
  en: {
    subject: 'Your password was changed',
    body: (name) => `Hello ${name},\n\nThe password of your account was just changed.`,
    signedOut: (devices) => `These devices were signed out:\n${devices}`,
    noneSignedOut: 'No other device was signed in.',
    unknownDevice: 'Unknown device',
    notMe:
      "If it wasn't you, choose a new password now with “Forgot password” and check your account's security history:",
  },
  fr: {
    subject: 'Votre mot de passe a été modifié',
    body: (name) => `Bonjour ${name},\n\nLe mot de passe de votre compte vient d’être modifié.`,
    signedOut: (devices) => `Ces appareils ont été déconnectés :\n${devices}`,
    noneSignedOut: 'Aucun autre appareil n’était connecté.',
    unknownDevice: 'Appareil inconnu',
    notMe:
      'Si ce n’était pas vous, choisissez dès maintenant un nouveau mot de passe avec « Mot de passe oublié » et consultez l’historique de sécurité de votre compte :',
  },
  nl: {
    subject: 'Je wachtwoord is gewijzigd',
    body: (name) => `Hallo ${name},\n\nHet wachtwoord van je account is zojuist gewijzigd.`,
    signedOut: (devices) => `Deze apparaten zijn afgemeld:\n${devices}`,
    noneSignedOut: 'Er was geen ander apparaat aangemeld.',
    unknownDevice: 'Onbekend apparaat',
    notMe:
      'Was jij dit niet? Kies nu een nieuw wachtwoord met ‘Wachtwoord vergeten’ en bekijk de beveiligingsgeschiedenis van je account:',
  },
  de: {
    subject: 'Ihr Passwort wurde geändert',
    body: (name) => `Hallo ${name},\n\nDas Passwort Ihres Kontos wurde soeben geändert.`,
    signedOut: (devices) => `Diese Geräte wurden abgemeldet:\n${devices}`,
    noneSignedOut: 'Kein anderes Gerät war angemeldet.',
    unknownDevice: 'Unbekanntes Gerät',
    notMe:
      'Wenn Sie das nicht waren, wählen Sie jetzt mit „Passwort vergessen“ ein neues Passwort und prüfen Sie den Sicherheitsverlauf Ihres Kontos:',
  },
};

export function sendPasswordChangedNotice(store: Store, account: Account, signedOut: Session[]) {
  const to = account.email.find((e) => e.default && e.verified)?.value;
  if (!to) return;
  const text = PASSWORD_CHANGED[account.language];
  const devices = signedOut
    .map((s) => `- ${[s.device_name, s.browser].filter(Boolean).join(', ') || text.unknownDevice}`)
    .join('\n');
  const link = `${store.portalUrl}/security/history`;
  store.outbox.push({
    to,
    channel: 'email',
    code: '',
    subject: text.subject,
    link,
    text: `${text.body(account.firstname)}\n\n${
      signedOut.length > 0 ? text.signedOut(devices) : text.noneSignedOut
    }\n\n${text.notMe}\n${link}`,
    at: store.clock.now(),
  });
}
