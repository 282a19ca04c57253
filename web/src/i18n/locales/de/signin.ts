import type { Messages } from '../en/index';

export const signin: Messages['signin'] = {
  login: {
    titleDefault: 'Melden Sie sich bei Ihrem Konto an',
    titleEmployee: 'Melden Sie sich in Ihrem Mitarbeiterbereich an',
    titleClient: 'Melden Sie sich in Ihrem Kundenbereich an',
    titleAdministration: 'Melden Sie sich in der Verwaltung an',
    partner: 'Melden Sie sich an, um zur App zurückzukehren, die Sie hierher geschickt hat.',
    partnerNamed: 'Melden Sie sich an, um zu {{name}} weiterzugehen.',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
    country: 'Ländervorwahl',
    password: 'Passwort',
    submit: 'Anmelden',
    withPhone: 'Mit Ihrer Telefonnummer anmelden',
    withEmail: 'Mit Ihrer E-Mail-Adresse anmelden',
    forgotPassword: 'Passwort vergessen?',
    forgotUsername: 'Benutzernamen vergessen?',
    createAccountTitle: 'Neu hier?',
    createAccountText: 'Erstellen Sie Ihr Konto mit Ihrer Karte oder Ihrem Einladungscode.',
    createAccount: 'Konto erstellen',
    errors: {
      invalid: 'E-Mail-Adresse oder Passwort ist falsch.',
      invalidPhone: 'Telefonnummer oder Passwort ist falsch.',
      attemptsLeft_one:
        'Noch ein falscher Versuch, dann wird die Anmeldung für 15 Minuten pausiert.',
      attemptsLeft_other:
        'Noch {{count}} falsche Versuche, dann wird die Anmeldung für 15 Minuten pausiert.',
      tooMany: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
      required: 'Dieses Feld ist erforderlich.',
      email: 'Die angegebene E-Mail-Adresse ist ungültig.',
      phone: 'Die angegebene Telefonnummer ist ungültig.',
    },
  },
  captcha: {
    label: 'Sicherheitsprüfung',
    required: 'Bitte führen Sie die Sicherheitsprüfung durch.',
    errors: {
      server: 'Die Sicherheitsprüfung ist auf der Serverseite nicht verfügbar.',
      window: 'Die Sicherheitsprüfung ist in diesem Fenster nicht verfügbar.',
      notLoaded: 'Die Sicherheitsprüfung ist noch nicht geladen. Bitte warten Sie einen Moment.',
      element: 'Die Sicherheitsprüfung konnte auf dieser Seite nicht angezeigt werden.',
      script:
        'Die Sicherheitsprüfung konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
      verify:
        'Die Sicherheitsprüfung konnte nicht bestätigt werden. Bitte versuchen Sie es später erneut.',
    },
  },
  hashLogin: {
    signInNoScript:
      'Hat eine unserer Apps Sie zur Anmeldung hierher geschickt? Aktivieren Sie JavaScript in Ihrem Browser und öffnen Sie den Link erneut, oder melden Sie sich unten an.',
    noScript:
      'Diese Seite benötigt JavaScript. Hat eine unserer Apps Sie zur Anmeldung hierher geschickt, aktivieren Sie JavaScript in Ihrem Browser und öffnen Sie den Link erneut, oder melden Sie sich mit Ihrer E-Mail-Adresse an.',
    signingIn: 'Sie werden angemeldet…',
    failed: 'Dieser Anmeldelink ist nicht mehr gültig. Bitte melden Sie sich an.',
    confirm: {
      title: 'Mit diesem Link anmelden?',
      incoming: 'Der geöffnete Link meldet Sie als {{name}} ({{login}}) an.',
      hint: 'Fahren Sie nur fort, wenn Sie ihn selbst in einer unserer Apps geöffnet haben.',
      continue: 'Weiter als {{name}}',
      stayOut: 'Abgemeldet bleiben',
    },
    otherAccount: {
      title: 'Dieser Link gehört zu einem anderen Konto',
      current: 'Sie sind als {{name}} ({{login}}) angemeldet.',
      incoming: 'Der geöffnete Link meldet Sie als {{name}} ({{login}}) an.',
      question: 'Welches Konto möchten Sie verwenden?',
      keep: 'Als {{name}} angemeldet bleiben',
      switch: 'Als {{name}} anmelden',
    },
  },
};
