import type { Messages } from '../en/index';

export const flows: Messages['flows'] = {
  onboarding: {
    back: 'Retour',
    steps: {
      label: 'Progression de la création de votre compte',
      count: 'Étape {{step}} sur {{total}}',
      card: 'Votre carte',
      code: 'Votre invitation',
      terms: 'Conditions et confidentialité',
      details: 'Vos informations',
      email: 'Votre adresse e-mail',
      phone: 'Votre numéro de mobile',
      security: 'Vérification en deux étapes',
      password: 'Votre mot de passe',
    },
    start: {
      title: 'Créer votre compte',
      intro: 'Comment souhaitez-vous commencer ?',
      card: 'Avec mon numéro de carte',
      cardText: 'Le numéro à 16 chiffres de votre carte titres-repas.',
      code: 'Avec un code d’invitation',
      codeText: 'Le code que votre employeur vous a envoyé par e-mail ou par courrier.',
      haveAccount: 'Vous avez déjà un compte ?',
      login: 'Se connecter',
      stepsIntro_one: 'La création de votre compte prend quelques minutes, en {{count}} étape :',
      stepsIntro_other: 'La création de votre compte prend quelques minutes, en {{count}} étapes :',
    },
    card: {
      title: 'Saisissez votre numéro de carte',
      label: 'Numéro de carte',
      hint: '16 chiffres, commençant par 5065.',
      invalid: 'Votre numéro de carte n’est pas valide.',
      submit: 'Continuer',
    },
    code: {
      title: 'Saisissez votre code d’invitation',
      label: 'Code d’invitation',
      hint: 'Des lettres et des chiffres, exactement tels qu’écrits dans votre invitation.',
      invalid: 'Le code n’est pas valide.',
    },
    existingCard: {
      title: 'Cette carte a déjà un compte',
      text: 'La carte appartient au compte {{username}}. Connectez-vous avec celui-ci, ou choisissez un nouveau mot de passe si vous avez oublié le vôtre.',
      login: 'Se connecter',
      forgotPassword: 'Mot de passe oublié ?',
    },
    terms: {
      title: 'Conditions générales',
      intro:
        'Pour utiliser votre carte, veuillez accepter nos conditions générales et notre politique de confidentialité.',
      termsText:
        'Les conditions générales expliquent le fonctionnement de vos titres, leur durée de validité et que faire si vous perdez votre carte.',
      privacyText:
        'La politique de confidentialité explique quelles données personnelles nous conservons, pourquoi, et comment les consulter, les corriger ou les supprimer.',
      acceptTerms: 'J’accepte les conditions générales',
      acceptPrivacy: 'J’accepte la politique de confidentialité',
      required:
        'Les conditions générales et la politique de confidentialité doivent être acceptées pour utiliser la carte.',
      marketing: 'Souhaitez-vous recevoir nos actualités et nos offres par e-mail ?',
      marketingOptional: 'Facultatif : vous pouvez changer d’avis à tout moment.',
      marketingYes: 'Oui, tenez-moi informé(e)',
      marketingNo: 'Non, merci',
      submit: 'Continuer',
      introCode:
        'Pour créer votre compte, veuillez accepter nos conditions générales et notre politique de confidentialité.',
      requiredCode:
        'Les conditions générales et la politique de confidentialité doivent être acceptées pour créer votre compte.',
      documents: 'Conditions et confidentialité',
      readTerms: 'Lire les conditions générales',
      readPrivacy: 'Lire la politique de confidentialité',
      newTab: 's’ouvre dans un nouvel onglet',
    },
    create: {
      title: 'Comment vous appelez-vous ?',
      intro: 'Votre compte vous donne accès à vos titres et aux applications de nos partenaires.',
      username:
        'Vous vous connecterez avec votre adresse e-mail ou votre numéro de téléphone mobile.',
      security:
        'Nous confirmons les deux avec un code : ils protègent aussi votre compte lorsque vous vous connectez depuis un nouvel appareil.',
      submit: 'Continuer',
      firstname: 'Prénom',
      lastname: 'Nom de famille',
      required: 'Veuillez remplir ce champ.',
    },
    email: {
      title: 'Confirmez votre adresse e-mail',
      choice: 'Quelle adresse e-mail souhaitez-vous utiliser ?',
      keep: 'Garder {{email}}',
      keepText: 'L’adresse que nous avons reçue avec votre carte.',
      personal: 'Utiliser une adresse e-mail personnelle',
      personalText: 'Vous gardez l’accès à votre compte si vous changez d’emploi.',
      recommended: 'Recommandé',
      label: 'Adresse e-mail',
      send: 'M’envoyer un code',
      sent: 'Nous avons envoyé un code à 8 chiffres à {{target}}. Saisissez-le ci-dessous.',
      change: 'Utiliser une autre adresse e-mail',
      invalid: 'L’adresse e-mail fournie n’est pas valide.',
      duplicated: 'Cette adresse e-mail est déjà utilisée. Veuillez en utiliser une autre.',
      noCurrent: 'Nous n’avons pas d’adresse e-mail pour cette carte. Veuillez en saisir une.',
      confirmed: 'Votre adresse e-mail {{target}} est confirmée.',
    },
    phone: {
      title: 'Confirmez votre numéro de téléphone mobile',
      label: 'Numéro de téléphone mobile',
      hint: 'Par exemple 0470 12 34 56, ou avec l’indicatif du pays : +32 470 12 34 56.',
      hintLu: 'Par exemple 621 123 456, ou avec l’indicatif du pays : +352 621 123 456.',
      send: 'M’envoyer un code',
      sent: 'Nous avons envoyé un code à 8 chiffres par SMS au {{target}}. Saisissez-le ci-dessous.',
      change: 'Utiliser un autre numéro de téléphone',
      invalid: 'Le numéro de téléphone fourni n’est pas valide.',
      duplicated: 'Ce numéro de téléphone est déjà utilisé. Veuillez en utiliser un autre.',
      confirmed: 'Votre numéro de mobile {{target}} est confirmé.',
    },
    inUse: {
      email: 'Si cette adresse est la vôtre, vous avez déjà un compte :',
      phone: 'Si ce numéro est le vôtre, vous avez déjà un compte :',
      login: 'Se connecter',
      reset: 'Réinitialiser mon mot de passe',
      noCodeEmail:
        'Pas de code après quelques minutes ? Si cette adresse a déjà un compte, nous avons envoyé un message à son titulaire au lieu d’un code. Si c’est la vôtre :',
      noCodePhone:
        'Pas de code après quelques minutes ? Si ce numéro a déjà un compte, nous avons envoyé un message à son titulaire au lieu d’un code. Si c’est le vôtre :',
    },
    twoStep: {
      title: 'La vérification en deux étapes protège votre compte',
      intro:
        'Lorsque vous vous connectez sur un appareil que nous ne connaissons pas encore, nous vous demandons un code en plus de votre mot de passe. Nous l’envoyons :',
      methods: 'Où vos codes sont envoyés',
      email: 'Par e-mail',
      sms: 'Par SMS',
      main: 'Méthode par défaut',
      backup: 'Secours',
      later:
        'Une fois votre compte prêt, vous pourrez les modifier dans Sécurité, ou ajouter une application d’authentification ou une clé d’accès.',
      continue: 'Continuer',
    },
    codeStep: {
      label: 'Code de vérification',
      hint: '8 chiffres',
      confirm: 'Confirmer',
      invalid: 'Le code n’est pas valide.',
      expired: 'Le code a expiré. Demandez-en un nouveau.',
    },
    password: {
      title: 'Choisissez votre mot de passe',
      intro: 'Dernière étape : choisissez le mot de passe de votre nouveau compte.',
      submit: 'Créer mon compte',
    },
    confirmation: {
      activatedTitle: 'Votre carte est activée',
      activatedText: 'Votre compte est prêt et vous pouvez utiliser votre carte tout de suite.',
      failedTitle: 'Votre compte est prêt, mais votre carte n’est pas encore activée',
      failedText:
        'Votre compte a été créé, mais nous n’avons pas pu activer votre carte. Vous pouvez l’activer plus tard dans l’application.',
      failedSupport:
        'Si l’activation dans l’application ne fonctionne pas non plus, veuillez contacter notre service clientèle.',
      support: 'Contacter le service clientèle',
      codeOnlyTitle: 'Votre compte est prêt',
      codeOnlyText:
        'Votre compte a été créé. Vous pouvez maintenant utiliser les services de votre invitation.',
      continue: 'Accéder à mon compte',
    },
    errors: {
      expired: 'Cette création de compte a expiré ou est déjà terminée. Veuillez recommencer.',
      restart: 'Recommencer',
      cardTaken: 'Cette carte appartient déjà à un compte.',
      codeUsed: 'Ce code a déjà été utilisé.',
    },
  },
  fuzzion: {
    title: 'Ce compte est-il aussi le vôtre ?',
    found:
      'Nous avons trouvé un autre compte avec un nom d’utilisateur similaire : {{username}}, dans l’{{platform}}.',
    explain:
      'S’il vous appartient, vous pouvez fusionner les deux comptes en un seul, pour vous connecter partout avec le même mot de passe.',
    platform: {
      client_area: 'espace client',
      employee_area: 'espace employé',
      partner_area: 'espace partenaire',
    },
    claim: 'Oui, c’est le mien',
    notMe: 'Ce n’est pas moi',
    notMeText: 'Nous ne vous proposerons plus cette fusion.',
    ignore: 'Ignorer pour l’instant',
    ignoreText: 'Nous vous le redemanderons lors de votre prochaine connexion.',
    prove: {
      title: 'Confirmez que ce compte est le vôtre',
      intro: 'Choisissez comment prouver que {{username}} est votre compte.',
      legend: 'Comment souhaitez-vous le prouver ?',
      card: 'Avec le numéro de carte de ce compte',
      password: 'Avec le mot de passe de l’{{platform}}',
      code: 'Avec un code envoyé à l’adresse e-mail ou au téléphone de ce compte',
      cardLabel: 'Numéro de carte',
      cardHint: '16 chiffres, commençant par 5065.',
      passwordLabel: 'Mot de passe de l’{{platform}}',
      submit: 'Confirmer',
      sendCode: 'M’envoyer un code',
      back: 'Retour',
    },
    confirmed: {
      title: 'Fusionner vos comptes ?',
      text: 'Vous avez confirmé que {{username}} est à vous.',
      merge: 'Fusionner les comptes',
      mergeText:
        'Les deux comptes n’en font plus qu’un. Votre mot de passe actuel servira pour tous vos noms d’utilisateur.',
      decline: 'Les garder séparés',
      declineText:
        'Le nom d’utilisateur {{username}} sera retiré de l’autre compte, pour ne plus mener qu’à celui-ci.',
    },
    success: {
      title: 'Vos comptes sont fusionnés',
      text: 'Désormais, vous vous connectez partout avec votre mot de passe actuel, quel que soit le nom d’utilisateur utilisé.',
      continue: 'Continuer',
    },
    declined: {
      title: 'Vos comptes restent séparés',
      text: 'Nous avons retiré le nom d’utilisateur similaire de l’autre compte. Il ne mène plus qu’à ce compte-ci.',
      continue: 'Continuer',
    },
    failed: {
      title: 'Les comptes n’ont pas pu être fusionnés',
      continue: 'Continuer vers mon compte',
    },
    errors: {
      technical:
        'Une erreur technique s’est produite lors de la fusion des comptes. Réessayez plus tard.',
      invalid: 'Les informations fournies ne sont pas valides.',
      cardInvalid: 'Votre numéro de carte n’est pas valide.',
      required: 'Ce champ est obligatoire.',
    },
  },
  partner: {
    access: {
      title: 'Accès requis',
      text: 'Votre compte n’a pas encore accès à ce site. Un administrateur accorde l’accès : envoyez votre demande ci-dessous.',
      websites: 'À quel site avez-vous besoin d’accéder ?',
      website: {
        client_area: 'Espace client',
        client_areaText: 'Commandes, factures et avantages de votre entreprise.',
        administration: 'Administration',
        administrationText: 'Gestion des utilisateurs et des paramètres de votre entreprise.',
        employee_area: 'Espace employé',
        employee_areaText: 'Vos titres, votre solde et vos transactions.',
        deals: 'Site des bons plans',
        dealsText: 'Des réductions chez nos commerçants partenaires.',
        lu_employee: 'Site employé (Luxembourg)',
        lu_employeeText: 'Le site employé de nos services luxembourgeois.',
      },
      message: 'Message pour l’administrateur (facultatif)',
      request: 'Demander l’accès',
      failed: 'Nous n’avons pas pu envoyer votre demande d’accès. Veuillez réessayer plus tard.',
      already: 'Vous avez déjà accès à l’espace partenaire.',
      messageSite: 'Accès demandé à : {{site}}',
    },
    requestSent: {
      title: 'Votre demande d’accès a été envoyée',
      text: 'Nous avons envoyé votre demande le {{date}}. Vous pourrez utiliser le site dès qu’un administrateur aura accordé l’accès.',
      back: 'Retour à mon compte',
    },
    noAccount: {
      title: 'Aucun compte trouvé',
      text: 'Il n’existe pas encore de compte pour {{email}}. Que souhaitez-vous faire ?',
      textNoEmail:
        'Nous n’avons pas trouvé de compte pour votre connexion professionnelle. Que souhaitez-vous faire ?',
      activate: 'Activer ma carte',
      activateText: 'Vous avez reçu une carte titres-repas : créez votre compte avec elle.',
      customer: 'Devenir client',
      customerText: 'Votre entreprise souhaite offrir des titres à son personnel.',
      link: 'Lier un compte',
      linkText: 'Vous avez déjà un compte avec une autre adresse e-mail ou un numéro de téléphone.',
    },
    linkExisting: {
      title: 'Lier votre compte',
      text: 'Connectez-vous une fois avec votre compte pour le lier à votre connexion professionnelle {{email}}.',
      textCompany:
        'Connectez-vous une fois avec votre compte pour le lier à votre connexion professionnelle {{companyName}} {{email}}.',
      secondFactor:
        'Confirmez ensuite avec votre deuxième facteur, comme à la connexion. Nous vous informerons de l’association par e-mail.',
      username: 'Adresse e-mail ou numéro de téléphone',
      password: 'Mot de passe',
      submit: 'Lier mon compte',
      missing:
        'Pour lier un compte, connectez-vous d’abord avec votre compte professionnel. Vous reviendrez ensuite ici.',
      backToLogin: 'Retour à la connexion',
      errors: {
        invalid: 'L’adresse e-mail, le numéro de téléphone ou le mot de passe est incorrect.',
        expired:
          'Votre connexion professionnelle a expiré. Veuillez vous reconnecter avec celle-ci.',
        accountLinked: 'Ce compte est déjà lié à une autre connexion professionnelle.',
        identityLinked: 'Cette connexion professionnelle est déjà liée à un autre compte.',
        required: 'Ce champ est obligatoire.',
      },
    },
    linkSuccess: {
      title: 'Votre compte est lié',
      text: 'Désormais, vous pouvez vous connecter avec votre compte professionnel.',
      redirecting: 'Nous vous emmenons plus loin dans 3 secondes.',
      continue: 'Continuer maintenant',
    },
    callback: {
      title: 'Connexion avec votre compte professionnel',
      failed:
        'La connexion avec votre compte professionnel n’a pas fonctionné. Veuillez réessayer.',
      backToLogin: 'Retour à la connexion',
    },
    beta: {
      title: 'Connectez-vous avec votre compte {{companyName}}',
      text: '{{companyName}} participe à notre programme bêta : vous pouvez vous connecter avec le compte que vous utilisez au travail. La première fois, vous reliez les deux une seule fois, avec le mot de passe de votre compte ici et un code de vérification ; ensuite, votre compte professionnel suffit.',
      login: 'Se connecter avec {{provider}}',
      password: 'Continuer avec mon mot de passe',
      failed:
        'Nous n’avons pas pu joindre votre connexion professionnelle. Veuillez réessayer plus tard.',
      provider: {
        microsoft: 'Microsoft',
        google: 'Google',
      },
    },
  },
};
