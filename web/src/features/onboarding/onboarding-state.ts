import type { OnboardingOutcome } from '@portal/contract';

/**
 * The onboarding under way, kept in session storage so that a reload of the
 * tab does not lose it (and logout, which clears session storage, ends it).
 * `payload` is the upstream's handle on the flow; the terms choices wait here
 * until the last call, which creates the account (spec part 4: the terms
 * screen comes before the account exists).
 */
export interface OnboardingState {
  /** How the onboarding started: a card (BE card number, LU activation code) or an invitation. */
  source: 'card' | 'code';
  payload: string;
  /** The masked e-mail on file for the card, offered as "keep the current e-mail". */
  currentEmail: string | null;
  terms?: { marketing: boolean };
  /** The person's names, asked at "Your details", sent with the last step. */
  names?: { firstname: string; lastname: string };
  /** Where the verified e-mail and phone codes went, for the two-step screen: in full when typed in this visit, else as the upstream masked them. */
  verified?: { email: string | null; phone: string | null };
  /**
   * The verified e-mail address in full when the person typed it (a kept card
   * address is known only masked): the password step's username for password managers.
   */
  login?: string;
  /** Set by the last step; the confirmation screen shows it. */
  outcome?: OnboardingOutcome;
}

const KEY = 'onboarding';

export const onboardingState = {
  get(): OnboardingState | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw === null ? null : (JSON.parse(raw) as OnboardingState);
    } catch {
      return null;
    }
  },
  set(value: OnboardingState): void {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(value));
    } catch {
      // Storage unavailable: the next screen sends the user back to the start.
    }
  },
  update(change: Partial<OnboardingState>): void {
    const current = onboardingState.get();
    if (current) onboardingState.set({ ...current, ...change });
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
