import type { Messages } from '../en/index';

export const passkeys: Messages['passkeys'] = {
  signIn: {
    button: 'Een passkey gebruiken',
    busy: 'Wachten op je passkey…',
    or: 'of',
  },
  security: {
    text: 'Meld je aan met je vingerafdruk, gezicht of schermvergrendeling in plaats van een wachtwoord.',
    manage: 'Passkeys beheren',
  },
  title: 'Passkeys',
  intro:
    'Met een passkey meld je je aan met je vingerafdruk, gezicht of schermvergrendeling in plaats van een wachtwoord. Hij blijft op je apparaat en werkt alleen op deze site, zodat niemand hem van je kan ontfutselen.',
  add: 'Passkey toevoegen',
  adding: 'Volg de stappen die je browser toont…',
  list: 'Je passkeys',
  empty: {
    title: 'Nog geen passkey',
    text: 'Voeg er een toe om sneller en veiliger aan te melden op dit apparaat.',
  },
  addedOn: 'Toegevoegd op {{date}}',
  lastUsed: 'Laatst gebruikt op {{date}}',
  neverUsed: 'Nog niet gebruikt',
  synced: 'Gesynchroniseerd',
  rename: 'Naam wijzigen',
  renameTitle: 'Naam van de passkey wijzigen',
  nameLabel: 'Naam',
  save: 'Opslaan',
  cancel: 'Annuleren',
  delete: 'Verwijderen',
  deleteTitle: 'Deze passkey verwijderen?',
  deleteText:
    'Je kunt je niet meer aanmelden met „{{name}}”. Verwijder hem ook van je apparaat of uit je wachtwoordbeheerder.',
  confirmDelete: 'Passkey verwijderen',
  notices: {
    added: 'Passkey „{{name}}” toegevoegd.',
    renamed: 'Naam van de passkey gewijzigd in „{{name}}”.',
    deleted: 'Passkey „{{name}}” verwijderd.',
  },
  defaultName: '{{browser}} op {{os}}',
  thisDevice: 'Dit apparaat',
  offer: {
    title: 'Meld je de volgende keer sneller aan met een passkey',
    text: 'Gebruik je vingerafdruk, gezicht of de schermvergrendeling van dit apparaat in plaats van je wachtwoord te typen.',
    create: 'Passkey aanmaken',
    notNow: 'Niet nu',
    ready: 'Je passkey is klaar',
    readyText:
      '‘{{name}}’ meldt je voortaan aan op dit apparaat: kies ‘Een passkey gebruiken’ bij het aanmelden.',
  },
  stepUp: {
    intro: 'Bevestig met je passkey: je vingerafdruk, gezicht of schermvergrendeling.',
    use: 'Je passkey gebruiken',
    orCode: 'Liever een code ontvangen',
  },
  errors: {
    cancelled: 'De passkey-aanvraag werd geannuleerd of is verlopen. Probeer het opnieuw.',
    unknown:
      'Deze passkey hoort hier bij geen enkel account. Meld je aan met je wachtwoord en voeg hem toe onder Beveiliging.',
    rejected: 'Deze passkey kon niet worden gecontroleerd. Probeer het opnieuw.',
    expired: 'De passkey-aanvraag is verlopen. Probeer het opnieuw.',
    exists: 'Dit apparaat heeft al een passkey voor je account.',
    sudoRequired: 'Bevestig eerst dat jij het bent.',
    unsupported: 'Deze browser kan geen passkeys gebruiken.',
    failed: 'Er ging iets mis met de passkey. Probeer het later opnieuw.',
    name: 'Geef de passkey een naam.',
  },
};
