import type { Messages } from '../en/index';

export const common: Messages['common'] = {
  device: {
    computer: '{{os}}-computer',
    phone: '{{os}}-telefoon',
    tablet: '{{os}}-tablet',
  },
  app: {
    name: 'Mijn account',
    skipToContent: 'Naar de inhoud',
    loading: 'Laden…',
    language: 'Taal',
    menu: 'Menu',
    account: 'Account van {{name}}',
    close: 'Sluiten',
  },
  nav: {
    label: 'Accountmenu',
    dashboard: 'Dashboard',
    profile: 'Profiel',
    security: 'Beveiliging',
    access: 'Toegang',
    notifications: 'Meldingen',
    logout: 'Afmelden',
    login: 'Aanmelden',
  },
  logout: {
    failed: 'Er is iets misgegaan. Afmelden is niet gelukt.',
  },
  languageOffer: {
    text: 'Je hebt <lang>{{name}}</lang> gekozen. Wil je voortaan <lang>{{name}}</lang> gebruiken voor je account?',
    use: '<lang>{{name}}</lang> gebruiken',
    keep: '<lang>{{name}}</lang> behouden',
    saved: 'Je account gebruikt nu {{name}}.',
  },
  actions: {
    continue: 'Doorgaan',
    confirm: 'Bevestigen',
    back: 'Terug',
    cancel: 'Annuleren',
    close: 'Sluiten',
    tryAgain: 'Opnieuw proberen',
  },
  errors: {
    generic: 'Er is een fout opgetreden. Probeer het later opnieuw.',
    required: 'Dit veld is verplicht.',
    invalid: 'De opgegeven gegevens zijn ongeldig.',
    unauthenticated: 'Je sessie is afgelopen. Meld je opnieuw aan.',
    sudoRequired: 'Bevestig dat jij het bent om verder te gaan.',
    forbidden: 'Je mag deze actie niet uitvoeren.',
    reload:
      'Deze pagina kon je aanvraag niet versturen. Laad de pagina opnieuw en probeer het nog eens.',
    notFound: 'Wat je zocht, bestaat niet meer.',
    expired: 'Dit is verlopen. Begin opnieuw.',
    tooManySeconds_one: 'Te veel pogingen. Probeer het over {{count}} seconde opnieuw.',
    tooManySeconds_other: 'Te veel pogingen. Probeer het over {{count}} seconden opnieuw.',
    tooManyMinutes_one: 'Te veel pogingen. Probeer het over {{count}} minuut opnieuw.',
    tooManyMinutes_other: 'Te veel pogingen. Probeer het over {{count}} minuten opnieuw.',
    weakPassword: 'Je wachtwoord is te zwak. Kies eerst een nieuw wachtwoord.',
    mfaSetupRequired: 'Stel eerst tweestapsverificatie in.',
    tooLong: 'Dit verzoek is te lang. Maak wat je hebt ingevuld korter en probeer het opnieuw.',
    maintenance:
      'Aanmelden is momenteel niet mogelijk wegens onderhoud. Probeer het later opnieuw.',
  },
};
