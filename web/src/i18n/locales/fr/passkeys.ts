import type { Messages } from '../en/index';

export const passkeys: Messages['passkeys'] = {
  signIn: {
    button: 'Utiliser une clé d’accès',
    busy: 'En attente de votre clé d’accès…',
    or: 'ou',
  },
  security: {
    text: 'Connectez-vous avec votre empreinte, votre visage ou le verrouillage de votre écran plutôt qu’avec un mot de passe.',
    manage: 'Gérer les clés d’accès',
  },
  title: 'Clés d’accès',
  intro:
    'Une clé d’accès vous connecte avec votre empreinte, votre visage ou le verrouillage de votre écran plutôt qu’avec un mot de passe. Elle reste sur votre appareil et ne fonctionne que sur ce site : personne ne peut vous la soutirer.',
  add: 'Ajouter une clé d’accès',
  adding: 'Suivez les étapes affichées par votre navigateur…',
  list: 'Vos clés d’accès',
  empty: {
    title: 'Aucune clé d’accès',
    text: 'Ajoutez-en une pour vous connecter plus vite et plus sûrement sur cet appareil.',
  },
  addedOn: 'Ajoutée le {{date}}',
  lastUsed: 'Dernière utilisation : {{date}}',
  neverUsed: 'Pas encore utilisée',
  synced: 'Synchronisée',
  rename: 'Renommer',
  renameTitle: 'Renommer la clé d’accès',
  nameLabel: 'Nom',
  save: 'Enregistrer',
  cancel: 'Annuler',
  delete: 'Supprimer',
  deleteTitle: 'Supprimer cette clé d’accès ?',
  deleteText:
    'Vous ne pourrez plus vous connecter avec « {{name}} ». Supprimez-la aussi de votre appareil ou de votre gestionnaire de mots de passe.',
  confirmDelete: 'Supprimer la clé d’accès',
  notices: {
    added: 'Clé d’accès « {{name}} » ajoutée.',
    renamed: 'Clé d’accès renommée en « {{name}} ».',
    deleted: 'Clé d’accès « {{name}} » supprimée.',
  },
  defaultName: '{{browser}} sur {{os}}',
  thisDevice: 'Cet appareil',
  offer: {
    title: 'Connectez-vous plus vite la prochaine fois avec une clé d’accès',
    text: 'Utilisez votre empreinte, votre visage ou le verrouillage de l’écran de cet appareil au lieu de saisir votre mot de passe.',
    create: 'Créer une clé d’accès',
    notNow: 'Pas maintenant',
    ready: 'Votre clé d’accès est prête',
    readyText:
      '« {{name}} » vous connecte désormais sur cet appareil : choisissez « Utiliser une clé d’accès » à la connexion.',
  },
  stepUp: {
    intro: 'Confirmez avec votre clé d’accès : empreinte, visage ou verrouillage de l’écran.',
    use: 'Utiliser votre clé d’accès',
    orCode: 'Recevoir plutôt un code',
  },
  errors: {
    cancelled: 'La demande de clé d’accès a été annulée ou a expiré. Veuillez réessayer.',
    unknown:
      'Cette clé d’accès n’est liée à aucun compte ici. Connectez-vous avec votre mot de passe, puis ajoutez-la dans Sécurité.',
    rejected: 'Cette clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.',
    expired: 'La demande de clé d’accès a expiré. Veuillez réessayer.',
    exists: 'Cet appareil contient déjà une clé d’accès pour votre compte.',
    sudoRequired: 'Confirmez d’abord votre identité.',
    unsupported: 'Ce navigateur ne prend pas en charge les clés d’accès.',
    failed: 'Un problème est survenu avec la clé d’accès. Veuillez réessayer plus tard.',
    name: 'Donnez un nom à la clé d’accès.',
  },
};
