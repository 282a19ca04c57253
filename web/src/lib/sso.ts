import type { SsoProvider } from '@portal/contract';
import { api } from './api';
import { slot } from './flow-state';

/**
 * The workplace identity-provider login (docs/flows.md#screens, partner and
 * identity-provider login). Where it goes once signed in is kept in the
 * login's flow on the gateway; when the identity is not linked yet, the link
 * offer the partner screens work with is in session storage.
 */

/** The identity provider's answer when it is not linked to an account yet. */
export interface SsoLinkOffer {
  provider: SsoProvider;
  status: 'not_linked' | 'no_account';
  /** The handle of `POST /user/link-account`. */
  payload: string;
  email: string;
  company: string | null;
}

/** A company of the identity-provider beta (spec parts 2 and 6), found by a login's e-mail domain. */
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

export const ssoLinkOffer = slot<SsoLinkOffer>('sso_link');

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
