import type { Messages } from '../en/index';

export const forms: Messages['forms'] = {
  breadcrumbs: {
    label: 'Kruimelpad',
    home: 'Home',
  },
  code: {
    label: 'Verificatiecode',
    hint: 'Code van {{count}} cijfers',
    invalid: 'Je code is ongeldig, probeer het opnieuw.',
    resend: 'Stuur een nieuwe code',
    resendIn: 'Je kunt over {{count}} s een nieuwe code vragen',
    resent: 'Er is een nieuwe code onderweg.',
  },
  password: {
    label: 'Nieuw wachtwoord',
    confirm: 'Herhaal het nieuwe wachtwoord',
    show: 'Wachtwoord tonen',
    rulesTitle: 'Vereisten voor je wachtwoord',
    met: 'in orde',
    unmet: 'nog te doen',
    rules: {
      length: 'In totaal minstens {{count}} tekens',
      letters: 'Letters: minstens {{count}}',
      numbers: 'Cijfers: minstens {{count}}',
      special: 'Speciale tekens (zoals ! ? # of %): minstens {{count}}',
    },
    errors: {
      required: 'Wachtwoord is verplicht',
      mismatch: 'De wachtwoorden komen niet overeen!',
      length: 'Niet genoeg tekens',
      letters: 'Geen letter',
      numbers: 'Geen cijfer',
      special: 'Geen speciale tekens',
      unchanged: 'Je nieuwe wachtwoord is hetzelfde als je huidige. Kies een ander wachtwoord.',
      breached:
        'Dit wachtwoord komt voor in bekende datalekken, dus anderen kunnen het proberen. Kies een ander wachtwoord.',
    },
  },
};
