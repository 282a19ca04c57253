import type { Messages } from '../en/index';

export const mfa: Messages['mfa'] = {
  methods: {
    title: 'Bevestig dat jij het bent',
    intro: 'Kies hoe je je verificatiecode wilt ontvangen.',
    introStepUp:
      'Deze pagina beschermt gevoelige instellingen. Bevestig dat jij het bent om verder te gaan.',
    introFuzzion:
      'Kies waar we een code naartoe sturen om te bewijzen dat de andere account van jou is.',
    email: 'Per e-mail naar {{target}}',
    sms: 'Per sms naar {{target}}',
    totp: 'Met mijn authenticator-app',
    totpRecovery: 'Met een herstelsleutel',
    card: 'Met mijn kaart',
    support: 'Heb je geen toegang tot een van deze? Neem contact op met onze klantendienst.',
    none: 'Deze account heeft geen manier om te bevestigen dat jij het bent. Neem contact op met onze klantendienst.',
    expired: 'Deze aanmelding is verlopen. Meld je opnieuw aan.',
    backToLogin: 'Terug naar aanmelden',
    row: {
      email: 'E-mail',
      sms: 'Sms',
      totp: 'Authenticator-app',
      totpRecovery: 'Herstelsleutel',
      card: 'Kaart',
    },
    rowText: {
      totp: 'De code van 6 cijfers die de app toont',
      totpRecovery: 'Een van de sleutels die je hebt bewaard',
      card: 'Je kaartnummer en een code',
    },
  },
  code: {
    title: {
      email: 'Bekijk je e-mail',
      sms: 'Bekijk je telefoon',
      totp: 'Open je authenticator-app',
      totpRecovery: 'Gebruik een herstelsleutel',
      card: 'Bevestig met je kaart',
    },
    text: {
      email: 'We hebben een code van 8 cijfers gestuurd naar {{target}}. Vul de code hieronder in.',
      sms: 'We hebben een code van 8 cijfers per sms gestuurd naar {{target}}. Vul de code hieronder in.',
      totp: 'Vul de code van 6 cijfers in die je authenticator-app nu toont.',
      totpRecovery:
        'Vul een van de herstelsleutels in die je bewaarde toen je je authenticator-app instelde. Elke sleutel werkt één keer.',
      card: 'We hebben een code van 8 cijfers gestuurd naar {{target}}. Vul de code in met je kaartnummer.',
    },
    recoveryKey: 'Herstelsleutel',
    trustDevice: 'Dit apparaat vertrouwen: 30 dagen lang wordt er hier geen code gevraagd',
    submit: 'Bevestigen',
    changeMethod: 'Een andere methode gebruiken',
    cancel: 'Annuleren',
    back: 'Terug',
    invalid: 'Je code is ongeldig, probeer het opnieuw.',
    spent: 'Deze controle is verlopen. Begin opnieuw.',
    paused_one:
      'Te veel foute codes voor dit account. Tweestapsverificatie is {{count}} minuut gepauzeerd; we hebben je er een e-mail over gestuurd.',
    paused_other:
      'Te veel foute codes voor dit account. Tweestapsverificatie is {{count}} minuten gepauzeerd; we hebben je er een e-mail over gestuurd.',
  },
  card: {
    number: 'Kaartnummer',
    invalidNumber: 'Je kaartnummer is ongeldig.',
    invalid: 'De code is ongeldig.',
  },
  totpRecovery: {
    title: 'Je hebt een herstelsleutel gebruikt',
    left_one: 'Je hebt nog {{count}} ongebruikte herstelsleutel.',
    left_other: 'Je hebt nog {{count}} ongebruikte herstelsleutels.',
    none: 'Je hebt geen herstelsleutels meer.',
    resetText:
      'Authenticator-app kwijt? Stel hem opnieuw in: je stelt een nieuwe in en de oude werkt niet meer.',
    reset: 'Mijn authenticator-app opnieuw instellen',
    skip: 'Niet nu',
    regenerateText:
      'Maak nu nieuwe herstelsleutels, zodat je je nog kunt aanmelden als je je authenticator-app verliest.',
    regenerate: 'Nieuwe herstelsleutels maken',
    done: 'Doorgaan',
  },
};
