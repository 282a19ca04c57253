/** Texts of the signed-in self-service screens (profile, security, access, consent). */
export const account = {} as const;
