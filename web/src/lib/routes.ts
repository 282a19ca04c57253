/**
 * One route table with the spec's route names (docs/product.md part 2); `href(name)` is
 * typed by it. The elements for each path live in `router.tsx`.
 */
export const routes = {
  home: '/',
  login: '/login',
  'login.email': '/login/email',
  'login.phone': '/login/phone',
  onboarding: '/onboarding',
  'onboarding.card': '/onboarding/card',
  'onboarding.existingCard': '/onboarding/existingCard',
  'onboarding.code': '/onboarding/code',
  'onboarding.create': '/onboarding/create',
  'onboarding.confirmation': '/onboarding/confirmation',
  'onboarding.password': '/onboarding/password',
  'onboarding.phone-verification': '/onboarding/phone-verification',
  'onboarding.email-verification': '/onboarding/email-verification',
  'forgot-password': '/forgot-password',
  'forgot-password.email': '/forgot-password/email',
  'forgot-password.phone': '/forgot-password/phone',
  'forgot-password-sent': '/forgot-password-sent',
  'reset-password': '/reset-password',
  'reset-password-confirmed': '/reset-password-confirmed',
  'weak-password': '/weak-password',
  'forgot-username': '/forgot-username',
  'forgot-username-response': '/forgot-username-response',
  partner: '/partner',
  'partner.request-access': '/partner/request-access',
  'partner.no-account': '/partner/no-account',
  'partner.link-existing': '/partner/link-existing',
  'partner.link-success': '/partner/link-success',
  approve: '/approve',
  duplicated: '/duplicated',
  'fuzzion-success': '/fuzzion-success',
  'user.dashboard': '/user/dashboard',
  'user.access': '/user/access',
  'user.notifications': '/user/notifications',
  profile: '/profile',
  'profile.edit-info': '/profile/edit-info',
  'profile.edit-credentials': '/profile/edit-credentials',
  'profile.data': '/profile/data',
  'profile.delete': '/profile/delete',
  'deletion-pending': '/deletion-pending',
  'deletion-requested': '/deletion-requested',
  security: '/security',
  'security.mfa-edit': '/security/mfa-edit',
  'security.edit-recovery': '/security/edit-recovery',
  'security.edit-password': '/security/edit-password',
  'security.history': '/security/history',
  'security.passkeys': '/security/passkeys',
  'security.trusted-devices': '/security/trusted-devices',
  'security.review': '/security/review',
  'lock-account': '/lock-account',
  'lock-account.done': '/lock-account/done',
  mfa: '/mfa',
  'mfa-totp-recovery': '/mfa/totp-recovery',
  'mfa-methods': '/mfa/methods',
  'setup-mfa': '/setup-mfa',
  'setup-mfa.selection': '/setup-mfa/selection',
  'setup-mfa.phone': '/setup-mfa/phone',
  'setup-mfa.email': '/setup-mfa/email',
  'setup-mfa.totp': '/setup-mfa/totp',
  'setup-mfa.confirmation': '/setup-mfa/confirmation',
  'setup-mfa.success': '/setup-mfa/success',
  'setup-totp.success': '/setup-totp/success',
  'totp.redirect': '/totp/redirect',
  'sso.callback': '/sso/:provider/login/callback',
  maintenance: '/maintenance',
  'legal.terms': '/legal/terms',
  'legal.privacy': '/legal/privacy',
} as const;

export type RouteName = keyof typeof routes;

export function href(
  name: RouteName,
  query?: Record<string, string | undefined>,
  params?: Record<string, string>,
): string {
  const path = routes[name].replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(params?.[key] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, v);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const patterns = (Object.entries(routes) as [RouteName, string][]).map(([name, path]) => ({
  name,
  re: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`),
}));

/** The spec's name of a path (`/security/history` → `security.history`), or null when unknown. */
export function routeNameOf(pathname: string): RouteName | null {
  return patterns.find((p) => p.re.test(pathname))?.name ?? null;
}
