import type { Account } from '../store';

/**
 * Every text the mock account API sends by e-mail or SMS, in each language an
 * account may have (the codes' messages and the notices): the domain modules decide when a message goes and to whom, and
 * take its words from here.
 */

type Lang = Account['language'];

/** The words before a code, by what the code is for (the dev outbox's messages are in English). */
const CODE_PURPOSE = {
  verification: 'Your verification code is',
  emailVerification: 'Your e-mail verification code is',
  phoneVerification: 'Your phone verification code is',
  cardVerification: 'Your card verification code is',
  passwordReset: 'Your password reset code is',
  accountMerge: 'Your account merge code is',
  mfaSetup: 'Your code to set up two-step verification is',
  mfaChange: 'Your code to change two-step verification is',
} as const;
export type CodePurpose = keyof typeof CODE_PURPOSE;

/** The message that carries a code (every code lives 10 minutes: `CODE_TTL_MS`). */
export const codeMessage = (purpose: CodePurpose, code: string) =>
  `${CODE_PURPOSE[purpose]} ${code}. It is valid for 10 minutes.`;

/** The e-mail that says a second factor was paused after too many wrong codes. */
export const mfaPausedMessage = (wrong: number, minutes: number) =>
  `Someone entered ${wrong} wrong verification codes for your account. Two-step verification is paused for ${minutes} minutes. If it was not you, change your password.`;

export const NEW_SIGN_IN_ALERT: Record<
  Lang,
  {
    subject: string;
    body: (v: { name: string; device: string; place: string; time: string }) => string;
    unknownDevice: string;
    unknownPlace: string;
    local: string;
    private: string;
    notMe: string;
  }
> = {
  en: {
    subject: 'New sign-in to your account',
    body: ({ name, device, place, time }) =>
      `Hello ${name},\n\nYour account was just signed in to from a device it has not used before:\n\nDevice: ${device}\nPlace: ${place}\nTime: ${time}\n\nIf this was you, there is nothing to do.`,
    unknownDevice: 'Unknown device',
    unknownPlace: 'Unknown location',
    local: 'This computer',
    private: 'A private network',
    notMe:
      "If it wasn't you, lock your account now with this link (valid 7 days): every session and app is signed out, no device stays trusted, and you choose a new password before signing in again.",
  },
  fr: {
    subject: 'Nouvelle connexion à votre compte',
    body: ({ name, device, place, time }) =>
      `Bonjour ${name},\n\nUne connexion à votre compte vient d’avoir lieu depuis un appareil qu’il n’avait jamais utilisé :\n\nAppareil : ${device}\nLieu : ${place}\nDate : ${time}\n\nSi c’était vous, vous n’avez rien à faire.`,
    unknownDevice: 'Appareil inconnu',
    unknownPlace: 'Lieu inconnu',
    local: 'Cet ordinateur',
    private: 'Un réseau privé',
    notMe:
      'Si ce n’était pas vous, verrouillez votre compte maintenant avec ce lien (valable 7 jours) : toutes les sessions et applications sont déconnectées, plus aucun appareil n’est de confiance, et vous choisirez un nouveau mot de passe avant de vous reconnecter.',
  },
  nl: {
    subject: 'Nieuwe aanmelding op je account',
    body: ({ name, device, place, time }) =>
      `Hallo ${name},\n\nEr is zojuist op je account aangemeld vanaf een apparaat dat het nog niet eerder gebruikte:\n\nApparaat: ${device}\nPlaats: ${place}\nTijdstip: ${time}\n\nWas jij dit, dan hoef je niets te doen.`,
    unknownDevice: 'Onbekend apparaat',
    unknownPlace: 'Onbekende locatie',
    local: 'Deze computer',
    private: 'Een privénetwerk',
    notMe:
      'Was jij dit niet? Vergrendel je account nu met deze link (7 dagen geldig): alle sessies en apps worden afgemeld, geen enkel apparaat blijft vertrouwd en je kiest een nieuw wachtwoord voordat je weer aanmeldt.',
  },
  de: {
    subject: 'Neue Anmeldung bei Ihrem Konto',
    body: ({ name, device, place, time }) =>
      `Hallo ${name},\n\nBei Ihrem Konto hat sich soeben ein Gerät angemeldet, das es noch nie verwendet hat:\n\nGerät: ${device}\nOrt: ${place}\nZeit: ${time}\n\nWenn Sie das waren, müssen Sie nichts tun.`,
    unknownDevice: 'Unbekanntes Gerät',
    unknownPlace: 'Unbekannter Ort',
    local: 'Dieser Computer',
    private: 'Ein privates Netzwerk',
    notMe:
      'Wenn Sie das nicht waren, sperren Sie Ihr Konto jetzt mit diesem Link (7 Tage gültig): Alle Sitzungen und Apps werden abgemeldet, kein Gerät bleibt vertrauenswürdig, und Sie wählen ein neues Passwort, bevor Sie sich wieder anmelden.',
  },
};

export const ACCOUNT_LOCKED: Record<
  Lang,
  { subject: string; body: (name: string) => string; sms: string }
> = {
  en: {
    subject: 'Your account was locked',
    body: (name) =>
      `Hello ${name},\n\nYour account was just locked: every device and app was signed out, app access and trusted devices were removed.\n\nTo sign in again, you will choose a new password with a code sent to you, then check your passkeys and two-step verification methods.\n\nIf you did not lock it, someone who knows your password may have: choose a new password now.`,
    sms: 'Your account was locked: every session ended. To sign in again, choose a new password.',
  },
  fr: {
    subject: 'Votre compte a été verrouillé',
    body: (name) =>
      `Bonjour ${name},\n\nVotre compte vient d’être verrouillé : tous les appareils et applications ont été déconnectés, les accès des applications et les appareils de confiance ont été retirés.\n\nPour vous reconnecter, vous choisirez un nouveau mot de passe avec un code qui vous sera envoyé, puis vous vérifierez vos clés d’accès et vos méthodes de validation en deux étapes.\n\nSi vous ne l’avez pas verrouillé vous-même, quelqu’un qui connaît votre mot de passe l’a peut-être fait : choisissez dès maintenant un nouveau mot de passe.`,
    sms: 'Votre compte a été verrouillé : toutes les sessions sont fermées. Pour vous reconnecter, choisissez un nouveau mot de passe.',
  },
  nl: {
    subject: 'Je account is vergrendeld',
    body: (name) =>
      `Hallo ${name},\n\nJe account is zojuist vergrendeld: alle apparaten en apps zijn afgemeld, de toegang van apps en de vertrouwde apparaten zijn verwijderd.\n\nOm weer aan te melden kies je een nieuw wachtwoord met een code die je ontvangt, daarna controleer je je passkeys en je methoden voor verificatie in twee stappen.\n\nHeb je hem niet zelf vergrendeld? Dan heeft iemand die je wachtwoord kent dat misschien gedaan: kies nu een nieuw wachtwoord.`,
    sms: 'Je account is vergrendeld: alle sessies zijn beëindigd. Kies een nieuw wachtwoord om weer aan te melden.',
  },
  de: {
    subject: 'Ihr Konto wurde gesperrt',
    body: (name) =>
      `Hallo ${name},\n\nIhr Konto wurde soeben gesperrt: Alle Geräte und Apps wurden abgemeldet, der Zugriff von Apps und die vertrauenswürdigen Geräte wurden entfernt.\n\nUm sich wieder anzumelden, wählen Sie mit einem Code, den Sie erhalten, ein neues Passwort und prüfen danach Ihre Passkeys und Methoden der Bestätigung in zwei Schritten.\n\nWenn Sie es nicht selbst gesperrt haben, hat das vielleicht jemand getan, der Ihr Passwort kennt: Wählen Sie jetzt ein neues Passwort.`,
    sms: 'Ihr Konto wurde gesperrt: Alle Sitzungen wurden beendet. Wählen Sie ein neues Passwort, um sich wieder anzumelden.',
  },
};

export const PASSKEY_ADDED: Record<
  Lang,
  { subject: string; body: (name: string, passkey: string) => string; notMe: string }
> = {
  en: {
    subject: 'A passkey was added to your account',
    body: (name, passkey) =>
      `Hello ${name},\n\nA passkey named “${passkey}” was just added to your account. Whoever holds it can sign in without your password.`,
    notMe:
      "If it wasn't you, remove it under Security → Passkeys and check your account's security history:",
  },
  fr: {
    subject: 'Une clé d’accès a été ajoutée à votre compte',
    body: (name, passkey) =>
      `Bonjour ${name},\n\nUne clé d’accès nommée « ${passkey} » vient d’être ajoutée à votre compte. Qui la détient peut se connecter sans votre mot de passe.`,
    notMe:
      'Si ce n’était pas vous, supprimez-la sous Sécurité → Clés d’accès et consultez l’historique de sécurité de votre compte :',
  },
  nl: {
    subject: 'Er is een passkey aan je account toegevoegd',
    body: (name, passkey) =>
      `Hallo ${name},\n\nEr is zojuist een passkey met de naam ‘${passkey}’ aan je account toegevoegd. Wie hem heeft, kan zich aanmelden zonder je wachtwoord.`,
    notMe:
      'Was jij dit niet? Verwijder hem onder Beveiliging → Passkeys en bekijk de beveiligingsgeschiedenis van je account:',
  },
  de: {
    subject: 'Ihrem Konto wurde ein Passkey hinzugefügt',
    body: (name, passkey) =>
      `Hallo ${name},\n\nIhrem Konto wurde soeben ein Passkey mit dem Namen „${passkey}“ hinzugefügt. Wer ihn besitzt, kann sich ohne Ihr Passwort anmelden.`,
    notMe:
      'Wenn Sie das nicht waren, entfernen Sie ihn unter Sicherheit → Passkeys und prüfen Sie den Sicherheitsverlauf Ihres Kontos:',
  },
};

export const ADDRESS_IN_USE = {
  subject: 'Someone tried to use your address',
  email:
    'Someone tried to add this e-mail address to another account on the portal. Nothing was sent to them and nothing changed on your account. If it was you, sign in with this address instead.',
  sms: 'Someone tried to add this number to another account on the portal. Nothing changed on your account. If it was you, sign in with this number instead.',
} as const;

export const YOUR_DATA: Record<
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

export const PASSWORD_CHANGED: Record<
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

export const WORKPLACE_LOGIN: Record<
  Lang,
  Record<
    'linked' | 'unlinked',
    { subject: string; body: (v: { name: string; email: string }) => string }
  > & {
    notMe: string;
  }
> = {
  en: {
    linked: {
      subject: 'A workplace login was linked to your account',
      body: ({ name, email }) =>
        `Hello ${name},\n\nThe workplace login ${email} was just linked to your account: it now signs in without your password.`,
    },
    unlinked: {
      subject: 'A workplace login was removed from your account',
      body: ({ name, email }) =>
        `Hello ${name},\n\nThe workplace login ${email} no longer signs in to your account.`,
    },
    notMe: "If it wasn't you, remove it under Security and secure your account:",
  },
  fr: {
    linked: {
      subject: 'Une connexion professionnelle a été associée à votre compte',
      body: ({ name, email }) =>
        `Bonjour ${name},\n\nLa connexion professionnelle ${email} vient d’être associée à votre compte : elle s’y connecte désormais sans votre mot de passe.`,
    },
    unlinked: {
      subject: 'Une connexion professionnelle a été retirée de votre compte',
      body: ({ name, email }) =>
        `Bonjour ${name},\n\nLa connexion professionnelle ${email} ne donne plus accès à votre compte.`,
    },
    notMe: 'Si ce n’était pas vous, retirez-la sous Sécurité et sécurisez votre compte :',
  },
  nl: {
    linked: {
      subject: 'Er is een werkaanmelding aan je account gekoppeld',
      body: ({ name, email }) =>
        `Hallo ${name},\n\nDe werkaanmelding ${email} is zojuist aan je account gekoppeld: daarmee meld je je voortaan aan zonder je wachtwoord.`,
    },
    unlinked: {
      subject: 'Er is een werkaanmelding van je account verwijderd',
      body: ({ name, email }) =>
        `Hallo ${name},\n\nMet de werkaanmelding ${email} meld je je niet meer aan op je account.`,
    },
    notMe: 'Was jij dit niet? Verwijder ze onder Beveiliging en beveilig je account:',
  },
  de: {
    linked: {
      subject: 'Eine Arbeitsplatz-Anmeldung wurde mit Ihrem Konto verknüpft',
      body: ({ name, email }) =>
        `Hallo ${name},\n\nDie Arbeitsplatz-Anmeldung ${email} wurde soeben mit Ihrem Konto verknüpft: Sie meldet sich nun ohne Ihr Passwort an.`,
    },
    unlinked: {
      subject: 'Eine Arbeitsplatz-Anmeldung wurde von Ihrem Konto entfernt',
      body: ({ name, email }) =>
        `Hallo ${name},\n\nDie Arbeitsplatz-Anmeldung ${email} meldet sich nicht mehr bei Ihrem Konto an.`,
    },
    notMe:
      'Wenn Sie das nicht waren, entfernen Sie sie unter Sicherheit und schützen Sie Ihr Konto:',
  },
};
