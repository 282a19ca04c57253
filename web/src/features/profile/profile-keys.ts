/** Query keys of this feature (the user's own is the app-wide `queryKeys.user`). */
export const mfaMethodsKey = ['mfa', 'methods'] as const;
/** The account's e-mail notices (Profile → Notifications). */
export const notificationsKey = ['notifications'] as const;
