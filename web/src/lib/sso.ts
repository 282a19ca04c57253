import type { SsoProvider } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * The workplace identity-provider login (docs/flows.md#screens, partner and
 * identity-provider login). Its journey is a flow on the gateway: where it
 * goes once signed in, and, when the identity is not linked yet, the link
 * offer the partner screens draw (`ssoOfferQuery`).
 */

/**
 * The workplace login waiting to be linked (not linked, or no account): read
 * from its flow on the gateway (`GET /api/sso/offer`), never stored here;
 * null when there is none (expired, linked, never started).
 */
export const ssoOfferQuery = queryOptions({
  queryKey: ['sso-offer'] as const,
  queryFn: async ({ signal }) => {
    const res = await api.partner.ssoOffer({ fetchOptions: { signal } });
    return res.status === 200 ? res.body : null;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** A company of the identity-provider beta (docs/product.md parts 2 and 6), found by a login's e-mail domain. */
export interface Workplace {
  login: string;
  company: string;
  provider: SsoProvider;
}

/**
 * The beta company of `login`'s domain, or null: none, or the gateway could
 * not tell (the password sign-in then goes on as usual).
 */
export async function discoverWorkplace(login: string): Promise<Workplace | null> {
  try {
    const res = await api.partner.ssoDiscover({ query: { login } });
    const { company, provider } = res.status === 200 ? res.body : { company: null, provider: null };
    return company && provider ? { login, company, provider } : null;
  } catch {
    return null;
  }
}

/**
 * Sends the browser to the identity provider's login page, given by the
 * gateway (which also binds the login to this browser with a state cookie).
 * Resolves false when the gateway could not start it.
 */
export async function startSsoLogin(
  provider: SsoProvider,
  loginHint: string | undefined,
  target: string | null,
): Promise<boolean> {
  try {
    // The target goes into the login's flow on the gateway (checked there), not into storage.
    const res = await api.partner.ssoLogin({
      params: { provider },
      query: {
        ...(loginHint ? { login_hint: loginHint } : {}),
        ...(target ? { target: target.slice(0, 2000) } : {}),
      },
    });
    if (res.status !== 200) return false;
    window.location.assign(res.body.redirect);
    return true;
  } catch {
    return false;
  }
}
