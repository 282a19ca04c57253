import type { Messages } from '../en/index';

/** Appareils de confiance et alertes de sécurité. */
export const devices: Messages['devices'] = {
  title: 'Appareils de confiance',
  intro:
    'Sur ces appareils, la connexion ne demande pas de code de vérification, car « Faire confiance à cet appareil » y a été coché. Retirez la confiance à tout appareil que vous n’utilisez plus ou que vous ne reconnaissez pas.',
  empty:
    'Aucun appareil ne se passe du code de vérification. Cochez « Faire confiance à cet appareil » en saisissant un code pour en ajouter un.',
  loadFailed: 'Impossible de charger vos appareils de confiance. Réessayez plus tard.',
  summary_one: '{{count}} appareil se passe du code de vérification.',
  summary_other: '{{count}} appareils se passent du code de vérification.',
  summaryNone: 'Aucun appareil ne se passe du code de vérification.',
  manage: 'Voir les appareils de confiance',
  unknownDevice: 'Appareil inconnu',
  thisDevice: 'Cet appareil',
  browser: 'Navigateur et système',
  place: 'Lieu',
  sinceOn: 'De confiance depuis le {{date}}',
  lastUsedOn: 'dernière utilisation : {{date}}',
  since: 'De confiance depuis',
  lastUsed: 'Dernière utilisation',
  unknown: 'Inconnu',
  unknownPlace: 'Lieu inconnu',
  network: {
    local: 'Cet ordinateur',
    private: 'Un réseau privé',
  },
  stop: 'Retirer la confiance',
  stopDevice: 'Retirer la confiance à {{device}}',
  stopTitle: 'Retirer la confiance à cet appareil ?',
  stopText:
    'La prochaine connexion sur {{device}} demandera à nouveau un code de vérification. Une session ouverte sur cet appareil reste connectée.',
  stopAll: 'Retirer la confiance à tous les appareils',
  stopAllTitle: 'Retirer la confiance à tous les appareils ?',
  stopAllText_one:
    'La prochaine connexion sur cet appareil demandera à nouveau un code de vérification.',
  stopAllText_other:
    'La prochaine connexion sur chacun de ces {{count}} appareils demandera à nouveau un code de vérification.',
  stopped: '{{device}} n’est plus un appareil de confiance.',
  stoppedAll: 'Plus aucun appareil n’est de confiance.',
  failed: 'Un problème est survenu : rien n’a été modifié. Réessayez plus tard.',
  cancel: 'Annuler',
  alerts: {
    title: 'Alertes de sécurité',
    newDevice: 'M’envoyer un e-mail lorsqu’une connexion a lieu depuis un nouvel appareil',
    newDeviceHint:
      'L’e-mail indique l’appareil, le lieu et l’heure, avec un lien pour sécuriser votre compte si ce n’était pas vous.',
    saved: 'Votre choix a été enregistré.',
    failed: 'Impossible d’enregistrer votre choix. Réessayez plus tard.',
  },
};
