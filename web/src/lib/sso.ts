import type { SsoProvider } from '@portal/contract';
import { api } from './api';

/**
 * The workplace identity-provider login (spec part 2, partner and
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

function slot<T>(key: string) {
  return {
    get(): T | null {
      try {
        const raw = sessionStorage.getItem(key);
        return raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        return null;
      }
    },
    set(value: T): void {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage unavailable: the flow ends at the dashboard.
      }
    },
    clear(): void {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing stored.
      }
    },
  };
}

/** Where the user goes after the identity-provider login (a path or the gateway's /authorize). */
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
