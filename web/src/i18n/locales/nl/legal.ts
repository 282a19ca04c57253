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
      '{{provider}} geeft maaltijd-, eco-, geschenk- en Activ’-cheques uit en beheert dit portaal, waar u uw account en uw kaarten beheert.',
    s2Title: 'Uw cheques en uw kaart',
    s2Text:
      'Uw cheques blijven geldig gedurende de periode die op elke cheque staat. Verliest u uw kaart, blokkeer ze dan meteen vanuit uw account of via de klantendienst.',
    s3Title: 'Uw account',
    s3Text:
      'Houd uw wachtwoord en uw codes voor uzelf. U bent verantwoordelijk voor wat er met uw account gebeurt tot u ons laat weten dat het misbruikt werd.',
    s4Title: 'Wijzigingen',
    s4Text:
      'We laten u elke wijziging van deze voorwaarden weten voordat ze ingaat. Gaat u niet akkoord, dan kunt u uw account op elk moment afsluiten.',
  },
  privacy: {
    title: 'Privacybeleid',
    s1Title: 'Wat we bewaren',
    s1Text:
      'Uw naam, uw e-mailadressen en telefoonnummers, uw cheques en hoe u ze gebruikt, en de toestellen waarmee u zich aanmeldt.',
    s2Title: 'Waarom',
    s2Text:
      'Om uw account en uw cheques te beheren, om uw account tegen misbruik te beschermen en, alleen als u dat wilde, om u ons nieuws en onze aanbiedingen te sturen.',
    s3Title: 'Uw rechten',
    s3Text:
      'U kunt uw gegevens op elk moment inkijken, verbeteren of wissen en uw toestemming intrekken, vanuit uw account of door te schrijven naar onze functionaris voor gegevensbescherming.',
    s4Title: 'Hoe lang',
    s4Text:
      'We bewaren uw gegevens zolang uw account bestaat, daarna alleen zo lang als de wet het vereist.',
  },
};
