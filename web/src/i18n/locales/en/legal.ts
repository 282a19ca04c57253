/**
 * Texts of the legal documents linked from the onboarding (terms and
 * conditions, privacy policy). PLACEHOLDER wording: the provider replaces it
 * with its own legal text before going live; the page says so.
 */
export const legal = {
  placeholder:
    'Placeholder text: {{provider}} replaces this page with its own legal text before the portal goes live.',
  provider: 'Example Vouchers Belgium SA',
  updated: 'Version of 1 January 2026',
  back: 'Back to the portal',
  terms: {
    title: 'Terms and conditions',
    s1Title: 'Who we are',
    s1Text:
      '{{provider}} issues meal, eco, gift and Activ’ vouchers and runs this portal, through which you manage your account and your cards.',
    s2Title: 'Your vouchers and your card',
    s2Text:
      'Your vouchers stay valid for the period printed on each of them. If you lose your card, block it at once from your account or through customer service.',
    s3Title: 'Your account',
    s3Text:
      'Keep your password and your codes to yourself. You are responsible for what is done with your account until you tell us it was misused.',
    s4Title: 'Changes',
    s4Text:
      'We tell you of any change to these terms before it applies. If you do not agree, you may close your account at any time.',
  },
  privacy: {
    title: 'Privacy policy',
    s1Title: 'What we keep',
    s1Text:
      'Your name, your e-mail addresses and phone numbers, your vouchers and how you use them, and the devices you log in from.',
    s2Title: 'Why',
    s2Text:
      'To run your account and your vouchers, to protect your account against misuse, and, only if you agreed, to send you our news and offers.',
    s3Title: 'Your rights',
    s3Text:
      'You may see, correct or delete your data, and withdraw your consent, at any time from your account or by writing to our data protection officer.',
    s4Title: 'How long',
    s4Text:
      'We keep your data as long as your account exists, then only as long as the law requires.',
  },
} as const;
