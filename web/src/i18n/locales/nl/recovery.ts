import type { Messages } from '../en/index';

export const recovery: Messages['recovery'] = {
  forgotPassword: {
    title: 'Wachtwoord vergeten?',
    intro:
      'Laat ons weten hoe je je aanmeldt. We sturen je een code om een nieuw wachtwoord te kiezen.',
    byEmail: 'Met mijn e-mailadres',
    byPhone: 'Met mijn telefoonnummer',
    submit: 'Stuur me een code',
    backToLogin: 'Terug naar aanmelden',
  },
  sent: {
    title: 'Bekijk je berichten',
    email:
      'Als er een account overeenkomt, hebben we een code per e-mail gestuurd naar {{recipients}}.',
    sms: 'Als er een account overeenkomt, hebben we een code per sms gestuurd naar {{recipients}}.',
    byEmail: 'Stuur de code liever per e-mail',
    bySms: 'Stuur de code liever per sms',
    resent: 'Er is een nieuwe code onderweg.',
    expired: 'Deze code is verlopen. Vraag een nieuwe aan.',
    submit: 'Doorgaan',
    restart: 'Opnieuw beginnen',
    changeEmail: 'Een ander e-mailadres gebruiken',
    changePhone: 'Een ander telefoonnummer gebruiken',
  },
  reset: {
    title: 'Kies een nieuw wachtwoord',
    intro: 'Je wordt er meteen mee aangemeld.',
    submit: 'Opslaan en aanmelden',
    missing: 'Dit wachtwoordherstel is verlopen of al voltooid. Begin opnieuw.',
    codeAgain: 'Je code is niet meer geldig. Vraag een nieuwe aan.',
  },
  weak: {
    title: 'Kies een sterker wachtwoord',
    submit: 'Opslaan en doorgaan',
    intro: 'Kies een nieuw wachtwoord om verder te gaan naar je account.',
    breached:
      'Je huidige wachtwoord staat in een lijst van wachtwoorden die elders bij datalekken zijn uitgelekt: anderen kunnen het kennen.',
    rules: 'Je huidige wachtwoord voldoet niet meer aan onze wachtwoordregels.',
    notVerified:
      'Meld je eerst aan om je wachtwoord te vervangen. Daarna vragen we meteen een nieuw wachtwoord.',
    login: 'Aanmelden',
  },
  forgotUsername: {
    title: 'Gebruikersnaam vergeten?',
    intro: 'We kunnen de gebruikersnaam van je account terugvinden met een van deze gegevens.',
    byCard: 'Met mijn kaartnummer',
    byNrn: 'Met mijn rijksregisternummer',
    cardNumber: 'Kaartnummer',
    cardHint: '16 cijfers, beginnend met 5065.',
    nrn: 'Rijksregisternummer',
    nrnHint: '11 cijfers, zoals op de achterkant van je identiteitskaart.',
    submit: 'Mijn gebruikersnaam zoeken',
    errors: {
      card: 'Je kaartnummer is ongeldig.',
      nrn: 'Het rijksregisternummer is ongeldig.',
    },
  },
  forgotUsernameResponse: {
    title: 'Je gebruikersnaam',
    found: 'Deze gebruikersnamen horen bij je account:',
    none: 'Er is geen gebruikersnaam gevonden voor dit kaartnummer of rijksregisternummer.',
    login: 'Aanmelden',
    again: 'Opnieuw proberen',
    expired: 'Deze zoekopdracht is verlopen. Zoek je gebruikersnaam opnieuw op.',
  },
};
