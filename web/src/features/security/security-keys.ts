/** Query keys of the security screens (the user's own is the app-wide `queryKeys.user`). */
export const securityKeys = {
  methods: ['mfa', 'methods'] as const,
  sessions: ['sessions'] as const,
  history: ['history'] as const,
  trustedDevices: ['trusted-devices'] as const,
};
