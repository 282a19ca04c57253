import type { Messages } from '../en/index';

export const signin: Messages['signin'] = {
  login: {
    titleDefault: 'Meld je aan bij je account',
    titleEmployee: 'Meld je aan bij je werknemersomgeving',
    titleClient: 'Meld je aan bij je klantenzone',
    titleAdministration: 'Meld je aan bij de administratie',
    partner: 'Meld je aan om verder te gaan naar de app die je hierheen stuurde.',
    partnerNamed: 'Meld je aan om verder te gaan naar {{name}}.',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    country: 'Landcode',
    password: 'Wachtwoord',
    submit: 'Aanmelden',
    withPhone: 'Aanmelden met je telefoonnummer',
    withEmail: 'Aanmelden met je e-mailadres',
    forgotPassword: 'Wachtwoord vergeten?',
    forgotUsername: 'Gebruikersnaam vergeten?',
    createAccountTitle: 'Nieuw hier?',
    createAccountText: 'Maak je account aan met je kaart of je uitnodigingscode.',
    createAccount: 'Account aanmaken',
    errors: {
      invalid: 'E-mailadres of wachtwoord is onjuist.',
      invalidPhone: 'Telefoonnummer of wachtwoord is onjuist.',
      attemptsLeft_one: 'Nog één foute poging en aanmelden wordt 15 minuten gepauzeerd.',
      attemptsLeft_other: 'Nog {{count}} foute pogingen en aanmelden wordt 15 minuten gepauzeerd.',
      tooMany: 'Te veel pogingen. Probeer het later opnieuw.',
      required: 'Dit veld is verplicht.',
      email: 'Het opgegeven e-mailadres is ongeldig.',
      phone: 'Het opgegeven telefoonnummer is ongeldig.',
    },
  },
  captcha: {
    label: 'Veiligheidscontrole',
    required: 'Voer de veiligheidscontrole uit.',
    errors: {
      server: 'De veiligheidscontrole is niet beschikbaar aan de serverkant.',
      window: 'De veiligheidscontrole is niet beschikbaar in dit venster.',
      notLoaded: 'De veiligheidscontrole is nog niet geladen. Even geduld.',
      element: 'De veiligheidscontrole kon niet op deze pagina worden getoond.',
      script:
        'De veiligheidscontrole kon niet worden geladen. Controleer je verbinding en probeer opnieuw.',
      verify: 'De veiligheidscontrole kon niet worden bevestigd. Probeer het later opnieuw.',
    },
  },
  hashLogin: {
    signInNoScript:
      'Stuurde een van onze apps je hierheen om je aan te melden? Zet JavaScript aan in je browser en open de link opnieuw, of meld je hieronder aan.',
    noScript:
      'Deze pagina werkt alleen met JavaScript. Stuurde een van onze apps je hierheen om je aan te melden? Zet JavaScript aan in je browser en open de link opnieuw, of meld je aan met je e-mailadres.',
    signingIn: 'Je wordt aangemeld…',
    failed: 'Deze aanmeldlink is niet meer geldig. Meld je aan.',
    confirm: {
      title: 'Aanmelden met deze link?',
      incoming: 'De link die je opende, meldt je aan als {{name}} ({{login}}).',
      hint: 'Ga alleen verder als je de link zelf opende, vanuit een van onze apps.',
      continue: 'Verder als {{name}}',
      stayOut: 'Afgemeld blijven',
    },
    otherAccount: {
      title: 'Deze link is voor een ander account',
      current: 'Je bent aangemeld als {{name}} ({{login}}).',
      incoming: 'De link die je opende, meldt je aan als {{name}} ({{login}}).',
      question: 'Welk account wil je gebruiken?',
      keep: 'Aangemeld blijven als {{name}}',
      switch: 'Aanmelden als {{name}}',
    },
  },
};
