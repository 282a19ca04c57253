const KEY = 'mfa_skipped';

/**
 * A customer who may skip MFA setup (mfa_customer, not forced) and did so:
 * remembered for this tab so that they are not asked again until next sign-in.
 */
export const mfaSkipped = {
  get(): boolean {
    try {
      return sessionStorage.getItem(KEY) === '1';
    } catch {
      return false;
    }
  },
  set(): void {
    try {
      sessionStorage.setItem(KEY, '1');
    } catch {
      // Storage unavailable: the choice lasts for this page only.
    }
  },
};
