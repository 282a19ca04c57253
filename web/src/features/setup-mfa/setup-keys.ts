/** Query keys of the MFA setup screens. */
export const setupKeys = {
  methods: ['mfa', 'methods'] as const,
};
