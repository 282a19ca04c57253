import type { Messages } from './en/index';

type Partial<T> = { [K in keyof T]?: T[K] extends string ? string : Partial<T[K]> };
/** The LU wording of one base language: any subset of its keys. */
export type LuWording = Partial<Messages>;

/**
 * Luxembourg locales (fr_LU, en_LU, de_LU) show their base language's texts
 * with these keys replaced: the LU variant's own wording (docs/product.md part 2: the
 * card number is an "activation code"). Only keys that differ belong here.
 */
export const luWording: Record<'fr' | 'en' | 'de', LuWording> = {
  en: {
    titles: { pages: { onboarding_card: 'Your activation code' } },
    legal: { provider: 'Example Vouchers Luxembourg SA' },
    flows: {
      onboarding: {
        steps: { card: 'Your activation code' },
        start: {
          card: 'With my activation code',
          cardText: 'The code on the letter that came with your card.',
        },
        card: {
          title: 'Enter your activation code',
          label: 'Activation code',
          hint: 'The code on the letter that came with your card, e.g. LU-ACT-1234.',
          invalid: 'Your activation code is invalid.',
        },
        existingCard: {
          title: 'This activation code already has an account',
          text: 'The activation code belongs to the account {{username}}. Log in with it, or choose a new password if you forgot yours.',
        },
        errors: { cardTaken: 'This activation code already belongs to an account.' },
      },
    },
    mfa: { card: { number: 'Activation code', invalidNumber: 'Your activation code is invalid.' } },
    recovery: {
      forgotUsername: {
        byCard: 'With my activation code',
        cardNumber: 'Activation code',
        cardHint: 'The code on the letter that came with your card, e.g. LU-ACT-1234.',
        errors: { card: 'Your activation code is invalid.' },
      },
      forgotUsernameResponse: {
        none: 'No username was found for this activation code.',
      },
    },
  },
  fr: {
    titles: { pages: { onboarding_card: 'Votre code d’activation' } },
    legal: { provider: 'Example Vouchers Luxembourg SA' },
    flows: {
      onboarding: {
        steps: { card: 'Votre code d’activation' },
        start: {
          card: 'Avec mon code d’activation',
          cardText: 'Le code figurant sur le courrier joint à votre carte.',
        },
        card: {
          title: 'Saisissez votre code d’activation',
          label: 'Code d’activation',
          hint: 'Le code figurant sur le courrier joint à votre carte, p. ex. LU-ACT-1234.',
          invalid: 'Votre code d’activation n’est pas valide.',
        },
        existingCard: {
          title: 'Ce code d’activation a déjà un compte',
          text: 'Le code d’activation appartient au compte {{username}}. Connectez-vous avec celui-ci, ou choisissez un nouveau mot de passe si vous avez oublié le vôtre.',
        },
        errors: { cardTaken: 'Ce code d’activation appartient déjà à un compte.' },
      },
    },
    mfa: {
      card: {
        number: 'Code d’activation',
        invalidNumber: 'Votre code d’activation n’est pas valide.',
      },
    },
    recovery: {
      forgotUsername: {
        byCard: 'Avec mon code d’activation',
        cardNumber: 'Code d’activation',
        cardHint: 'Le code figurant sur le courrier joint à votre carte, p. ex. LU-ACT-1234.',
        errors: { card: 'Votre code d’activation n’est pas valide.' },
      },
      forgotUsernameResponse: {
        none: 'Aucun nom d’utilisateur n’a été trouvé pour ce code d’activation.',
      },
    },
  },
  de: {
    titles: { pages: { onboarding_card: 'Ihr Aktivierungscode' } },
    legal: { provider: 'Example Vouchers Luxembourg SA' },
    flows: {
      onboarding: {
        steps: { card: 'Ihr Aktivierungscode' },
        start: {
          card: 'Mit meinem Aktivierungscode',
          cardText: 'Der Code auf dem Schreiben zu Ihrer Karte.',
        },
        card: {
          title: 'Geben Sie Ihren Aktivierungscode ein',
          label: 'Aktivierungscode',
          hint: 'Der Code auf dem Schreiben zu Ihrer Karte, z. B. LU-ACT-1234.',
          invalid: 'Ihr Aktivierungscode ist ungültig.',
        },
        existingCard: {
          title: 'Zu diesem Aktivierungscode gibt es bereits ein Konto',
          text: 'Der Aktivierungscode gehört zum Konto {{username}}. Melden Sie sich damit an oder wählen Sie ein neues Passwort, falls Sie Ihres vergessen haben.',
        },
        errors: { cardTaken: 'Dieser Aktivierungscode gehört bereits zu einem Konto.' },
      },
    },
    mfa: {
      card: { number: 'Aktivierungscode', invalidNumber: 'Ihr Aktivierungscode ist ungültig.' },
    },
    recovery: {
      forgotUsername: {
        byCard: 'Mit meinem Aktivierungscode',
        cardNumber: 'Aktivierungscode',
        cardHint: 'Der Code auf dem Schreiben zu Ihrer Karte, z. B. LU-ACT-1234.',
        errors: { card: 'Ihr Aktivierungscode ist ungültig.' },
      },
      forgotUsernameResponse: {
        none: 'Für diesen Aktivierungscode wurde kein Benutzername gefunden.',
      },
    },
  },
};
