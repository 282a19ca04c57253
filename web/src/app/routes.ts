/** One route table with the spec's route names; `href(name)` is typed by it. */
export const routes = {
  home: '/',
  'login.email': '/login/email',
  'login.phone': '/login/phone',
  'user.dashboard': '/user/dashboard',
} as const;

export type RouteName = keyof typeof routes;

export function href(name: RouteName, query?: Record<string, string | undefined>): string {
  const path = routes[name];
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
