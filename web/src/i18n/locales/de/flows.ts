import type { Messages } from '../en/index';

export const flows: Messages['flows'] = {
  onboarding: {
    back: 'Zurück',
    steps: {
      label: 'Fortschritt der Kontoerstellung',
      count: 'Schritt {{step}} von {{total}}',
      card: 'Ihre Karte',
      code: 'Ihre Einladung',
      terms: 'Bedingungen und Datenschutz',
      details: 'Ihre Angaben',
      email: 'Ihre E-Mail-Adresse',
      phone: 'Ihre Mobilnummer',
      security: 'Zwei-Schritt-Verifizierung',
      password: 'Ihr Passwort',
    },
    start: {
      title: 'Ihr Konto erstellen',
      intro: 'Wie möchten Sie beginnen?',
      card: 'Mit meiner Kartennummer',
      cardText: 'Die 16-stellige Nummer auf Ihrer Essensgutscheinkarte.',
      code: 'Mit einem Einladungscode',
      codeText: 'Der Code, den Ihr Arbeitgeber Ihnen per E-Mail oder Brief geschickt hat.',
      haveAccount: 'Sie haben bereits ein Konto?',
      login: 'Anmelden',
      stepsIntro_one:
        'Die Erstellung Ihres Kontos dauert nur wenige Minuten, in {{count}} Schritt:',
      stepsIntro_other:
        'Die Erstellung Ihres Kontos dauert nur wenige Minuten, in {{count}} Schritten:',
    },
    card: {
      title: 'Geben Sie Ihre Kartennummer ein',
      label: 'Kartennummer',
      hint: '16 Ziffern, beginnend mit 5065.',
      invalid: 'Ihre Kartennummer ist ungültig.',
      submit: 'Weiter',
    },
    code: {
      title: 'Geben Sie Ihren Einladungscode ein',
      label: 'Einladungscode',
      hint: 'Buchstaben und Ziffern, genau wie in Ihrer Einladung.',
      invalid: 'Der Code ist ungültig.',
    },
    existingCard: {
      title: 'Zu dieser Karte gibt es bereits ein Konto',
      text: 'Die Karte gehört zum Konto {{username}}. Melden Sie sich damit an oder wählen Sie ein neues Passwort, falls Sie Ihres vergessen haben.',
      login: 'Anmelden',
      forgotPassword: 'Passwort vergessen?',
    },
    terms: {
      title: 'Allgemeine Geschäftsbedingungen',
      intro:
        'Um Ihre Karte zu nutzen, nehmen Sie bitte unsere Allgemeinen Geschäftsbedingungen und unsere Datenschutzerklärung an.',
      termsText:
        'Die Allgemeinen Geschäftsbedingungen erklären, wie Ihre Gutscheine funktionieren, wie lange sie gültig bleiben und was Sie bei Verlust Ihrer Karte tun.',
      privacyText:
        'Die Datenschutzerklärung erklärt, welche personenbezogenen Daten wir speichern, warum, und wie Sie sie einsehen, berichtigen oder löschen können.',
      acceptTerms: 'Ich nehme die Allgemeinen Geschäftsbedingungen an',
      acceptPrivacy: 'Ich nehme die Datenschutzerklärung an',
      required:
        'Die Geschäftsbedingungen und die Datenschutzerklärung müssen angenommen werden, um die Karte zu nutzen.',
      marketing: 'Möchten Sie unsere Neuigkeiten und Angebote per E-Mail erhalten?',
      marketingOptional: 'Freiwillig: Sie können Ihre Meinung jederzeit ändern.',
      marketingYes: 'Ja, halten Sie mich auf dem Laufenden',
      marketingNo: 'Nein, danke',
      submit: 'Weiter',
      introCode:
        'Um Ihr Konto zu erstellen, akzeptieren Sie bitte unsere AGB und unsere Datenschutzerklärung.',
      requiredCode:
        'Die AGB und die Datenschutzerklärung müssen akzeptiert werden, um Ihr Konto zu erstellen.',
      documents: 'AGB und Datenschutz',
      readTerms: 'Die AGB lesen',
      readPrivacy: 'Die Datenschutzerklärung lesen',
      newTab: 'öffnet in einem neuen Tab',
    },
    create: {
      title: 'Wie heißen Sie?',
      intro: 'Ihr Konto gibt Ihnen Zugang zu Ihren Gutscheinen und zu den Apps unserer Partner.',
      username: 'Sie melden sich mit Ihrer E-Mail-Adresse oder Ihrer Mobilnummer an.',
      security:
        'Wir bestätigen beide mit einem Code: Sie schützen Ihr Konto auch, wenn Sie sich von einem neuen Gerät aus anmelden.',
      submit: 'Weiter',
      firstname: 'Vorname',
      lastname: 'Nachname',
      required: 'Bitte füllen Sie dieses Feld aus.',
    },
    email: {
      title: 'Bestätigen Sie Ihre E-Mail-Adresse',
      choice: 'Welche E-Mail-Adresse möchten Sie verwenden?',
      keep: '{{email}} beibehalten',
      keepText: 'Die Adresse, die wir mit Ihrer Karte erhalten haben.',
      personal: 'Eine persönliche E-Mail-Adresse verwenden',
      personalText: 'Sie behalten den Zugang zu Ihrem Konto, wenn Sie den Arbeitsplatz wechseln.',
      recommended: 'Empfohlen',
      label: 'E-Mail-Adresse',
      send: 'Code senden',
      sent: 'Wir haben einen 8-stelligen Code an {{target}} gesendet. Geben Sie ihn unten ein.',
      change: 'Eine andere E-Mail-Adresse verwenden',
      invalid: 'Die angegebene E-Mail-Adresse ist ungültig.',
      duplicated: 'Diese E-Mail-Adresse wird bereits verwendet. Bitte verwenden Sie eine andere.',
      noCurrent: 'Für diese Karte haben wir keine E-Mail-Adresse. Bitte geben Sie eine ein.',
      confirmed: 'Ihre E-Mail-Adresse {{target}} ist bestätigt.',
    },
    phone: {
      title: 'Bestätigen Sie Ihre Mobilnummer',
      label: 'Mobilnummer',
      hint: 'Zum Beispiel 0470 12 34 56, oder mit Ländervorwahl: +32 470 12 34 56.',
      hintLu: 'Zum Beispiel 621 123 456, oder mit Ländervorwahl: +352 621 123 456.',
      send: 'Code senden',
      sent: 'Wir haben einen 8-stelligen Code per SMS an {{target}} gesendet. Geben Sie ihn unten ein.',
      change: 'Eine andere Telefonnummer verwenden',
      invalid: 'Die angegebene Telefonnummer ist ungültig.',
      duplicated: 'Diese Telefonnummer wird bereits verwendet. Bitte verwenden Sie eine andere.',
      confirmed: 'Ihre Mobilnummer {{target}} ist bestätigt.',
    },
    inUse: {
      email: 'Wenn diese Adresse Ihnen gehört, haben Sie bereits ein Konto:',
      phone: 'Wenn diese Nummer Ihnen gehört, haben Sie bereits ein Konto:',
      login: 'Anmelden',
      reset: 'Mein Passwort zurücksetzen',
      noCodeEmail:
        'Nach ein paar Minuten kein Code? Wenn diese Adresse bereits ein Konto hat, haben wir dem Inhaber statt eines Codes eine Nachricht gesendet. Wenn es Ihre ist:',
      noCodePhone:
        'Nach ein paar Minuten kein Code? Wenn diese Nummer bereits ein Konto hat, haben wir dem Inhaber statt eines Codes eine Nachricht gesendet. Wenn es Ihre ist:',
    },
    twoStep: {
      title: 'Die Zwei-Schritt-Verifizierung schützt Ihr Konto',
      intro:
        'Wenn Sie sich auf einem Gerät anmelden, das wir noch nicht kennen, fragen wir zusätzlich zu Ihrem Passwort nach einem Code. Wir senden ihn:',
      methods: 'Wohin Ihre Codes gesendet werden',
      email: 'Per E-Mail',
      sms: 'Per SMS',
      main: 'Standardmethode',
      backup: 'Ersatz',
      later:
        'Sobald Ihr Konto bereit ist, können Sie dies unter Sicherheit ändern oder eine Authenticator-App oder einen Passkey hinzufügen.',
      continue: 'Weiter',
    },
    codeStep: {
      label: 'Bestätigungscode',
      hint: '8 Ziffern',
      confirm: 'Bestätigen',
      invalid: 'Der Code ist ungültig.',
      expired: 'Der Code ist abgelaufen. Fordern Sie einen neuen an.',
    },
    password: {
      title: 'Wählen Sie Ihr Passwort',
      intro: 'Letzter Schritt: Wählen Sie das Passwort Ihres neuen Kontos.',
      submit: 'Mein Konto erstellen',
    },
    confirmation: {
      activatedTitle: 'Ihre Karte ist aktiviert',
      activatedText: 'Ihr Konto ist bereit und Sie können Ihre Karte sofort nutzen.',
      failedTitle: 'Ihr Konto ist bereit, aber Ihre Karte ist noch nicht aktiviert',
      failedText:
        'Ihr Konto wurde erstellt, aber wir konnten Ihre Karte nicht aktivieren. Sie können sie später in der App aktivieren.',
      failedSupport:
        'Wenn auch die Aktivierung in der App nicht funktioniert, wenden Sie sich bitte an unseren Kundendienst.',
      support: 'Kundendienst kontaktieren',
      codeOnlyTitle: 'Ihr Konto ist bereit',
      codeOnlyText:
        'Ihr Konto wurde erstellt. Sie können jetzt die Dienste Ihrer Einladung nutzen.',
      continue: 'Zu meinem Konto',
    },
    errors: {
      expired:
        'Diese Kontoerstellung ist abgelaufen oder wurde bereits abgeschlossen. Bitte beginnen Sie erneut.',
      restart: 'Neu beginnen',
      cardTaken: 'Diese Karte gehört bereits zu einem Konto.',
      codeUsed: 'Dieser Code wurde bereits verwendet.',
    },
  },
  fuzzion: {
    title: 'Gehört Ihnen auch dieses Konto?',
    found:
      'Wir haben ein weiteres Konto mit einem ähnlichen Benutzernamen gefunden: {{username}}, im {{platform}}.',
    explain:
      'Wenn es Ihnen gehört, können Sie beide Konten zu einem zusammenführen, damit Sie sich überall mit demselben Passwort anmelden.',
    platform: {
      client_area: 'Kundenbereich',
      employee_area: 'Mitarbeiterbereich',
      partner_area: 'Partnerbereich',
    },
    claim: 'Ja, es gehört mir',
    notMe: 'Das bin ich nicht',
    notMeText: 'Wir schlagen diese Zusammenführung nicht mehr vor.',
    ignore: 'Vorerst ignorieren',
    ignoreText: 'Wir fragen bei Ihrer nächsten Anmeldung erneut.',
    prove: {
      title: 'Bestätigen Sie, dass das Konto Ihnen gehört',
      intro: 'Wählen Sie, wie Sie nachweisen, dass {{username}} Ihr Konto ist.',
      legend: 'Wie möchten Sie es nachweisen?',
      card: 'Mit der Kartennummer dieses Kontos',
      password: 'Mit dem Passwort des {{platform}}s',
      code: 'Mit einem Code an die E-Mail-Adresse oder das Telefon dieses Kontos',
      cardLabel: 'Kartennummer',
      cardHint: '16 Ziffern, beginnend mit 5065.',
      passwordLabel: 'Passwort des {{platform}}s',
      submit: 'Bestätigen',
      sendCode: 'Code senden',
      back: 'Zurück',
    },
    confirmed: {
      title: 'Ihre Konten zusammenführen?',
      text: 'Sie haben bestätigt, dass {{username}} Ihnen gehört.',
      merge: 'Konten zusammenführen',
      mergeText:
        'Beide Konten werden eins. Ihr aktuelles Passwort gilt dann für alle Ihre Benutzernamen.',
      decline: 'Getrennt lassen',
      declineText:
        'Der Benutzername {{username}} wird aus dem anderen Konto entfernt, sodass er nur noch zu diesem Konto führt.',
    },
    success: {
      title: 'Ihre Konten sind zusammengeführt',
      text: 'Ab jetzt melden Sie sich überall mit Ihrem aktuellen Passwort an, egal mit welchem Benutzernamen.',
      continue: 'Weiter',
    },
    declined: {
      title: 'Ihre Konten bleiben getrennt',
      text: 'Wir haben den ähnlichen Benutzernamen aus dem anderen Konto entfernt. Er führt jetzt nur noch zu diesem Konto.',
      continue: 'Weiter',
    },
    failed: {
      title: 'Die Konten konnten nicht zusammengeführt werden',
      continue: 'Weiter zu meinem Konto',
    },
    errors: {
      technical:
        'Beim Zusammenführen der Konten ist ein technischer Fehler aufgetreten. Versuchen Sie es später erneut.',
      invalid: 'Die von Ihnen angegebenen Informationen sind ungültig.',
      cardInvalid: 'Ihre Kartennummer ist ungültig.',
      required: 'Dieses Feld ist erforderlich.',
    },
  },
  partner: {
    access: {
      title: 'Zugang erforderlich',
      text: 'Ihr Konto hat noch keinen Zugang zu dieser Website. Ein Administrator gewährt den Zugang: Senden Sie unten Ihre Anfrage.',
      websites: 'Zu welcher Website benötigen Sie Zugang?',
      website: {
        client_area: 'Kundenbereich',
        client_areaText: 'Bestellungen, Rechnungen und Leistungen Ihres Unternehmens.',
        administration: 'Verwaltung',
        administrationText: 'Verwaltung der Benutzer und Einstellungen Ihres Unternehmens.',
        employee_area: 'Mitarbeiterbereich',
        employee_areaText: 'Ihre Gutscheine, Ihr Guthaben und Ihre Transaktionen.',
        deals: 'Angebotsseite',
        dealsText: 'Rabatte bei unseren Partnerhändlern.',
        lu_employee: 'Mitarbeiterseite (Luxemburg)',
        lu_employeeText: 'Die Mitarbeiterseite unserer luxemburgischen Dienste.',
      },
      message: 'Nachricht an den Administrator (freiwillig)',
      request: 'Zugang anfordern',
      failed: 'Wir konnten Ihre Zugangsanfrage nicht senden. Bitte versuchen Sie es später erneut.',
      already: 'Sie haben bereits Zugang zum Partnerbereich.',
      messageSite: 'Zugang angefordert für: {{site}}',
    },
    requestSent: {
      title: 'Ihre Zugangsanfrage wurde gesendet',
      text: 'Wir haben Ihre Anfrage am {{date}} gesendet. Sie können die Website nutzen, sobald ein Administrator den Zugang gewährt.',
      back: 'Zurück zu meinem Konto',
    },
    noAccount: {
      title: 'Kein Konto gefunden',
      text: 'Für {{email}} gibt es noch kein Konto. Was möchten Sie tun?',
      textNoEmail:
        'Wir haben kein Konto zu Ihrer Arbeitsplatz-Anmeldung gefunden. Was möchten Sie tun?',
      activate: 'Meine Karte aktivieren',
      activateText: 'Sie haben eine Essensgutscheinkarte erhalten: Erstellen Sie damit Ihr Konto.',
      customer: 'Kunde werden',
      customerText: 'Ihr Unternehmen möchte seinen Mitarbeitenden Gutscheine anbieten.',
      link: 'Ein Konto verknüpfen',
      linkText:
        'Sie haben bereits ein Konto mit einer anderen E-Mail-Adresse oder einer Telefonnummer.',
    },
    linkExisting: {
      title: 'Ihr Konto verknüpfen',
      text: 'Melden Sie sich einmal mit Ihrem Konto an, um es mit Ihrer Arbeitsplatz-Anmeldung {{email}} zu verknüpfen.',
      textCompany:
        'Melden Sie sich einmal mit Ihrem Konto an, um es mit Ihrer Arbeitsplatz-Anmeldung von {{companyName}} {{email}} zu verknüpfen.',
      secondFactor:
        'Bestätigen Sie danach mit Ihrer Verifizierungsmethode, wie bei der Anmeldung. Wir informieren Sie per E-Mail über die Verknüpfung.',
      username: 'E-Mail-Adresse oder Telefonnummer',
      password: 'Passwort',
      submit: 'Mein Konto verknüpfen',
      missing:
        'Um ein Konto zu verknüpfen, melden Sie sich zuerst mit Ihrem Arbeitskonto an. Danach kommen Sie hierher zurück.',
      backToLogin: 'Zurück zur Anmeldung',
      errors: {
        invalid: 'E-Mail-Adresse, Telefonnummer oder Passwort ist falsch.',
        expired:
          'Ihre Arbeitsplatz-Anmeldung ist abgelaufen. Bitte melden Sie sich erneut damit an.',
        accountLinked:
          'Dieses Konto ist bereits mit einer anderen Arbeitsplatz-Anmeldung verknüpft.',
        identityLinked:
          'Diese Arbeitsplatz-Anmeldung ist bereits mit einem anderen Konto verknüpft.',
        required: 'Dieses Feld ist erforderlich.',
      },
    },
    linkSuccess: {
      title: 'Ihr Konto ist verknüpft',
      text: 'Ab jetzt können Sie sich mit Ihrem Arbeitskonto anmelden.',
      redirecting: 'In 3 Sekunden geht es weiter.',
      continue: 'Jetzt weiter',
    },
    callback: {
      title: 'Anmeldung mit Ihrem Arbeitskonto',
      failed:
        'Die Anmeldung mit Ihrem Arbeitskonto hat nicht funktioniert. Bitte versuchen Sie es erneut.',
      backToLogin: 'Zurück zur Anmeldung',
    },
    beta: {
      title: 'Melden Sie sich mit Ihrem Konto von {{companyName}} an',
      text: '{{companyName}} nimmt an unserem Beta-Programm teil: Sie können sich mit dem Konto anmelden, das Sie bei der Arbeit verwenden. Beim ersten Mal verknüpfen Sie die beiden einmalig, mit dem Passwort Ihres Kontos hier und einem Bestätigungscode; danach genügt Ihr Arbeitskonto.',
      login: 'Mit {{provider}} anmelden',
      password: 'Mit meinem Passwort fortfahren',
      failed:
        'Wir konnten Ihre Arbeitsplatz-Anmeldung nicht erreichen. Bitte versuchen Sie es später erneut.',
      provider: {
        microsoft: 'Microsoft',
        google: 'Google',
      },
    },
  },
};
