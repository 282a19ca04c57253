/** Texts of onboarding, duplicate-account merge, partner and identity-provider screens. */
export const flows = {} as const;
