import type { Messages } from '../en/index';

/** Vertrauenswürdige Geräte und Sicherheitshinweise. */
export const devices: Messages['devices'] = {
  title: 'Vertrauenswürdige Geräte',
  intro:
    'Auf diesen Geräten fragt die Anmeldung keinen Bestätigungscode ab, weil dort „Diesem Gerät vertrauen“ angekreuzt wurde. Entziehen Sie jedem Gerät das Vertrauen, das Sie nicht mehr verwenden oder nicht wiedererkennen.',
  empty:
    'Kein Gerät überspringt den Bestätigungscode. Kreuzen Sie bei der Code-Eingabe „Diesem Gerät vertrauen“ an, um eines hinzuzufügen.',
  loadFailed:
    'Ihre vertrauenswürdigen Geräte konnten nicht geladen werden. Versuchen Sie es später erneut.',
  summary_one: '{{count}} Gerät überspringt den Bestätigungscode.',
  summary_other: '{{count}} Geräte überspringen den Bestätigungscode.',
  summaryNone: 'Kein Gerät überspringt den Bestätigungscode.',
  manage: 'Vertrauenswürdige Geräte ansehen',
  unknownDevice: 'Unbekanntes Gerät',
  thisDevice: 'Dieses Gerät',
  browser: 'Browser und System',
  place: 'Ort',
  sinceOn: 'Vertrauenswürdig seit {{date}}',
  lastUsedOn: 'zuletzt verwendet: {{date}}',
  since: 'Vertrauenswürdig seit',
  lastUsed: 'Zuletzt verwendet',
  unknown: 'Unbekannt',
  unknownPlace: 'Unbekannter Ort',
  network: {
    local: 'Dieser Computer',
    private: 'Ein privates Netzwerk',
  },
  stop: 'Nicht mehr vertrauen',
  stopDevice: '{{device}} nicht mehr vertrauen',
  stopTitle: 'Diesem Gerät nicht mehr vertrauen?',
  stopText:
    'Bei der nächsten Anmeldung auf {{device}} wird wieder ein Bestätigungscode abgefragt. Eine dort offene Sitzung bleibt angemeldet.',
  stopAll: 'Keinem Gerät mehr vertrauen',
  stopAllTitle: 'Keinem Gerät mehr vertrauen?',
  stopAllText_one:
    'Bei der nächsten Anmeldung auf diesem Gerät wird wieder ein Bestätigungscode abgefragt.',
  stopAllText_other:
    'Bei der nächsten Anmeldung auf jedem dieser {{count}} Geräte wird wieder ein Bestätigungscode abgefragt.',
  stopped: '{{device}} ist nicht mehr vertrauenswürdig.',
  stoppedAll: 'Kein Gerät ist mehr vertrauenswürdig.',
  failed: 'Etwas ist schiefgelaufen: Es wurde nichts geändert. Versuchen Sie es später erneut.',
  cancel: 'Abbrechen',
  alerts: {
    title: 'Sicherheitshinweise',
    newDevice: 'Mir eine E-Mail senden, wenn sich jemand von einem neuen Gerät aus anmeldet',
    newDeviceHint:
      'Die E-Mail nennt das Gerät, den Ort und die Uhrzeit, mit einem Link, um Ihr Konto zu schützen, falls Sie es nicht waren.',
    saved: 'Ihre Wahl wurde gespeichert.',
    failed: 'Ihre Wahl konnte nicht gespeichert werden. Versuchen Sie es später erneut.',
  },
};
