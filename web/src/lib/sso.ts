import type { SsoProvider } from '@portal/contract';
import { api } from './api';
import { slot } from './flow-state';

/**
 * The workplace identity-provider login (docs/flows.md#screens, partner and
 * identity-provider login). Its state lives in session storage: where to go
 * once signed in (kept across the provider's pages) and, when the identity is
 * not linked yet, the link offer the partner screens work with.
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

/** Where the user goes after the identity-provider login (a path or the gateway's /authorize). */
// Without storage the target is lost and the flow ends at the dashboard.
export const ssoTarget = slot<string>('sso_target');
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
    const res = await api.partner.ssoLogin({
      params: { provider },
      query: loginHint ? { login_hint: loginHint } : {},
    });
    if (res.status !== 200) return false;
    if (target) ssoTarget.set(target);
    else ssoTarget.clear();
    window.location.assign(res.body.redirect);
    return true;
  } catch {
    return false;
  }
}
