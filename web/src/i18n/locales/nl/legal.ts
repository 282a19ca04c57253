import type { Messages } from '../en/index';

export const legal: Messages['legal'] = {
  placeholder:
    'Voorlopige tekst: {{provider}} vervangt deze pagina door zijn eigen juridische teksten voordat het portaal in gebruik gaat.',
  provider: 'Example Vouchers Belgium NV',
  updated: 'Versie van 1 januari 2026',
  back: 'Terug naar het portaal',
  terms: {
    title: 'Algemene voorwaarden',
    s1Title: 'Wie we zijn',
    s1Text:
      '{{provider}} geeft maaltijd-, eco-, geschenk- en Activ’-cheques uit en beheert dit portaal, waar je je account en je kaarten beheert.',
    s2Title: 'Je cheques en je kaart',
    s2Text:
      'Je cheques blijven geldig gedurende de periode die op elke cheque staat. Verlies je je kaart, blokkeer ze dan meteen vanuit je account of via de klantendienst.',
    s3Title: 'Je account',
    s3Text:
      'Houd je wachtwoord en je codes voor jezelf. Je bent verantwoordelijk voor wat er met je account gebeurt tot je ons laat weten dat het misbruikt werd.',
    s4Title: 'Wijzigingen',
    s4Text:
      'We laten je elke wijziging van deze voorwaarden weten voordat ze ingaat. Ga je niet akkoord, dan kun je je account op elk moment afsluiten.',
  },
  privacy: {
    title: 'Privacybeleid',
    s1Title: 'Wat we bewaren',
    s1Text:
      'Je naam, je e-mailadressen en telefoonnummers, je cheques en hoe je ze gebruikt, en de apparaten waarmee je je aanmeldt.',
    s2Title: 'Waarom',
    s2Text:
      'Om je account en je cheques te beheren, om je account tegen misbruik te beschermen en, alleen als je dat wilde, om je ons nieuws en onze aanbiedingen te sturen.',
    s3Title: 'Je rechten',
    s3Text:
      'Je kunt je gegevens op elk moment inkijken, verbeteren of wissen en je toestemming intrekken, vanuit je account of door te schrijven naar onze functionaris voor gegevensbescherming.',
    s4Title: 'Hoe lang',
    s4Text:
      'We bewaren je gegevens zolang je account bestaat, daarna alleen zo lang als de wet het vereist.',
  },
};
