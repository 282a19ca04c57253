import type { Messages } from '../en/index';

export const passkeys: Messages['passkeys'] = {
  signIn: {
    button: 'Passkey verwenden',
    busy: 'Warten auf Ihren Passkey…',
    or: 'oder',
  },
  security: {
    text: 'Melden Sie sich mit Fingerabdruck, Gesicht oder Bildschirmsperre statt mit einem Passwort an.',
    manage: 'Passkeys verwalten',
  },
  title: 'Passkeys',
  intro:
    'Mit einem Passkey melden Sie sich per Fingerabdruck, Gesicht oder Bildschirmsperre statt mit einem Passwort an. Er bleibt auf Ihrem Gerät und funktioniert nur auf dieser Website, sodass ihn Ihnen niemand entlocken kann.',
  add: 'Passkey hinzufügen',
  adding: 'Folgen Sie den Schritten Ihres Browsers…',
  list: 'Ihre Passkeys',
  empty: {
    title: 'Noch kein Passkey',
    text: 'Fügen Sie einen hinzu, um sich auf diesem Gerät schneller und sicherer anzumelden.',
  },
  addedOn: 'Hinzugefügt am {{date}}',
  lastUsed: 'Zuletzt verwendet am {{date}}',
  neverUsed: 'Noch nicht verwendet',
  synced: 'Synchronisiert',
  rename: 'Umbenennen',
  renameTitle: 'Passkey umbenennen',
  nameLabel: 'Name',
  save: 'Speichern',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  deleteTitle: 'Diesen Passkey löschen?',
  deleteText:
    'Sie können sich nicht mehr mit „{{name}}“ anmelden. Entfernen Sie ihn auch von Ihrem Gerät oder aus Ihrem Passwort-Manager.',
  confirmDelete: 'Passkey löschen',
  notices: {
    added: 'Passkey „{{name}}“ hinzugefügt.',
    renamed: 'Passkey umbenannt in „{{name}}“.',
    deleted: 'Passkey „{{name}}“ gelöscht.',
  },
  defaultName: '{{browser}} unter {{os}}',
  thisDevice: 'Dieses Gerät',
  offer: {
    title: 'Melden Sie sich nächstes Mal schneller mit einem Passkey an',
    text: 'Verwenden Sie Fingerabdruck, Gesicht oder die Bildschirmsperre dieses Geräts, statt Ihr Passwort einzugeben.',
    create: 'Passkey erstellen',
    notNow: 'Nicht jetzt',
    ready: 'Ihr Passkey ist bereit',
    readyText:
      '„{{name}}“ meldet Sie ab jetzt auf diesem Gerät an: Wählen Sie bei der Anmeldung „Passkey verwenden“.',
  },
  stepUp: {
    intro: 'Bestätigen Sie mit Ihrem Passkey: Fingerabdruck, Gesicht oder Bildschirmsperre.',
    use: 'Passkey verwenden',
    orCode: 'Stattdessen einen Code erhalten',
  },
  errors: {
    cancelled:
      'Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen. Bitte versuchen Sie es erneut.',
    unknown:
      'Dieser Passkey gehört hier zu keinem Konto. Melden Sie sich mit Ihrem Passwort an und fügen Sie ihn unter Sicherheit hinzu.',
    rejected: 'Dieser Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
    expired: 'Die Passkey-Anfrage ist abgelaufen. Bitte versuchen Sie es erneut.',
    exists: 'Dieses Gerät enthält bereits einen Passkey für Ihr Konto.',
    sudoRequired: 'Bestätigen Sie zuerst, dass Sie es sind.',
    unsupported: 'Dieser Browser kann keine Passkeys verwenden.',
    failed: 'Beim Passkey ist etwas schiefgelaufen. Bitte versuchen Sie es später erneut.',
    name: 'Geben Sie dem Passkey einen Namen.',
  },
};
