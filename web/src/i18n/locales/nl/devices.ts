import type { Messages } from '../en/index';

/** Vertrouwde apparaten en beveiligingsmeldingen. */
export const devices: Messages['devices'] = {
  title: 'Vertrouwde apparaten',
  intro:
    'Op deze apparaten vraagt het aanmelden geen verificatiecode, omdat daar „Dit apparaat vertrouwen” is aangevinkt. Vertrouw geen apparaat meer dat je niet meer gebruikt of niet herkent.',
  empty:
    'Geen enkel apparaat slaat de verificatiecode over. Vink „Dit apparaat vertrouwen” aan wanneer je een code invoert om er een toe te voegen.',
  loadFailed: 'Je vertrouwde apparaten konden niet worden geladen. Probeer het later opnieuw.',
  summary_one: '{{count}} apparaat slaat de verificatiecode over.',
  summary_other: '{{count}} apparaten slaan de verificatiecode over.',
  summaryNone: 'Geen enkel apparaat slaat de verificatiecode over.',
  manage: 'Vertrouwde apparaten bekijken',
  unknownDevice: 'Onbekend apparaat',
  thisDevice: 'Dit apparaat',
  browser: 'Browser en systeem',
  place: 'Plaats',
  sinceOn: 'Vertrouwd sinds {{date}}',
  lastUsedOn: 'laatst gebruikt {{date}}',
  since: 'Vertrouwd sinds',
  lastUsed: 'Laatst gebruikt',
  unknown: 'Onbekend',
  unknownPlace: 'Onbekende locatie',
  network: {
    local: 'Deze computer',
    private: 'Een privénetwerk',
  },
  stop: 'Niet meer vertrouwen',
  stopDevice: '{{device}} niet meer vertrouwen',
  stopTitle: 'Dit apparaat niet meer vertrouwen?',
  stopText:
    'Bij de volgende aanmelding op {{device}} wordt opnieuw een verificatiecode gevraagd. Een sessie die daar open is, blijft aangemeld.',
  stopAll: 'Geen enkel apparaat meer vertrouwen',
  stopAllTitle: 'Geen enkel apparaat meer vertrouwen?',
  stopAllText_one:
    'Bij de volgende aanmelding op dit apparaat wordt opnieuw een verificatiecode gevraagd.',
  stopAllText_other:
    'Bij de volgende aanmelding op elk van deze {{count}} apparaten wordt opnieuw een verificatiecode gevraagd.',
  stopped: '{{device}} wordt niet langer vertrouwd.',
  stoppedAll: 'Geen enkel apparaat wordt nog vertrouwd.',
  failed: 'Er ging iets mis: er is niets gewijzigd. Probeer het later opnieuw.',
  cancel: 'Annuleren',
  alerts: {
    title: 'Beveiligingsmeldingen',
    newDevice: 'Stuur mij een e-mail wanneer iemand zich aanmeldt vanaf een nieuw apparaat',
    newDeviceHint:
      'De e-mail vermeldt het apparaat, de plaats en het tijdstip, met een link om je account te beveiligen als jij het niet was.',
    saved: 'Je keuze is opgeslagen.',
    failed: 'Je keuze kon niet worden opgeslagen. Probeer het later opnieuw.',
  },
};
