import type { Messages } from '../en/index';

/** ‘Mijn account vergrendelen’: de actie, de link uit de e-mail, de controle. */
export const lockdown: Messages['lockdown'] = {
  panel: {
    title: 'Mijn account vergrendelen',
    text: 'Gebruikt iemand anders misschien je account? Vergrendel het dan meteen. Om weer aan te melden kies je een nieuw wachtwoord.',
    button: 'Mijn account vergrendelen',
  },
  effects: {
    sessions: 'Alle apparaten en apps worden afgemeld, dit apparaat ook.',
    grants: 'Apps verliezen hun toegang tot je account.',
    devices: 'Geen enkel apparaat blijft vertrouwd: elke aanmelding vraagt een verificatiecode.',
    password: 'Om weer aan te melden kies je een nieuw wachtwoord met een code die we je sturen.',
    review: 'Daarna controleer je je passkeys en verificatiemethoden.',
    told: 'We laten het je weten op elk geverifieerd e-mailadres en telefoonnummer.',
  },
  confirm: {
    title: 'Je account vergrendelen?',
    text: 'Alle apparaten en apps worden afgemeld, dit apparaat ook, apps verliezen hun toegang en geen enkel apparaat blijft vertrouwd. Om weer aan te melden kies je een nieuw wachtwoord.',
    button: 'Mijn account vergrendelen',
  },
  failed: 'Je account kon niet worden vergrendeld. Probeer het opnieuw.',
  link: {
    title: 'Je account vergrendelen?',
    intro: 'Je opende de link uit onze e-mail over een aanmelding die je niet herkende.',
    whose: 'Account van {{name}} ({{login}})',
    whatHappens: 'Wat er gebeurt',
    button: 'Mijn account vergrendelen',
    cancel: 'Nu niet',
    refusedTitle: 'Deze link kan geen account vergrendelen',
    invalid:
      'Deze link is niet geldig. Open de link uit de e-mail opnieuw, of meld je aan en vergrendel je account onder Beveiliging.',
    used: 'Deze link is al gebruikt: het account is vergrendeld. Kies een nieuw wachtwoord om weer aan te melden.',
    expired: 'Deze link is verlopen. Meld je aan en vergrendel je account onder Beveiliging.',
    gone: 'Deze pagina is verlopen. Open de link uit de e-mail opnieuw.',
    toLogin: 'Naar aanmelden',
    newPassword: 'Een nieuw wachtwoord kiezen',
  },
  done: {
    title: 'Je account is vergrendeld',
    text: 'Alle apparaten en apps zijn afgemeld, apps zijn hun toegang kwijt en geen enkel apparaat is nog vertrouwd. We hebben het je laten weten op elk geverifieerd e-mailadres en telefoonnummer.',
    next: 'Kies een nieuw wachtwoord om weer aan te melden: we sturen een code naar je e-mailadres of telefoon. Controleer daarna je passkeys en verificatiemethoden.',
    button: 'Een nieuw wachtwoord kiezen',
  },
  review: {
    title: 'Controleer je passkeys en verificatiemethoden',
    intro:
      'Je account is vergrendeld. Verwijder elke passkey of verificatiemethode die je niet herkent: misschien heeft iemand anders ze toegevoegd.',
    passkeys: 'Passkeys',
    noPasskeys: 'Geen passkey.',
    methods: 'Verificatiemethoden',
    noMethods: 'Geen verificatiemethode.',
    created: 'Toegevoegd op {{date}}',
    remove: 'Verwijderen',
    removeNamed: '{{name}} verwijderen',
    removeTitle: '{{name}} verwijderen?',
    removeText: 'Niemand kan er dan nog mee aanmelden op je account.',
    removed: '{{name}} is verwijderd.',
    removeFailed: '{{name}} kon niet worden verwijderd. Probeer het opnieuw.',
    looksRight: 'Klopt zo',
    confirmFailed: 'Je controle kon niet worden opgeslagen. Probeer het opnieuw.',
  },
};
