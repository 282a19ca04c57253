import type { MfaKind, MfaMethod } from '@portal/contract';
import { href } from './routes';

/**
 * Session storage of the multi-step flows (docs/flows.md#entities: loginPayload,
 * mfaPayload, mfa_forced, fuzzion_payload, open_app). Each value survives a
 * reload of the tab and disappears with it, and logout clears them all.
 */
/**
 * One value of a flow in session storage, as JSON. Where storage is unavailable
 * (a locked-down browser) `get` answers null and `set` keeps nothing: each flow
 * decides what it does without it.
 */
export function slot<T>(key: string) {
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
        // Storage unavailable: nothing is kept.
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

/** A sign-in waiting for its MFA code: the 401's payload and methods, and where to go after. */
export interface LoginChallenge {
  payload: string;
  methods: MfaMethod[];
  /** The post-login target (a path of this site, or the gateway's `/authorize?...`). */
  target: string | null;
  /**
   * The e-mail address or number (E.164) typed to sign in: the MFA screens show
   * it in full where a method's masked target is its mask (`typedOrMasked`).
   */
  login?: string;
}
export const loginPayload = slot<LoginChallenge>('loginPayload');

/**
 * A sign-in that needs its second factor (a password sign-in, a workplace
 * login linked to an account): keeps the challenge and answers where it goes
 * on, mfa-methods with the methods listed, whose primary one starts at once
 * (docs/flows.md).
 */
export function secondFactorHref(challenge: LoginChallenge): string {
  loginPayload.set(challenge);
  const listed = challenge.methods.map(({ id, method, target, primary }) => ({
    id,
    method,
    target,
    primary,
  }));
  return href('mfa-methods', { isLogin: 'true', methods: JSON.stringify(listed) });
}

/** The code check under way: the sudo payload and how the code was sent. */
export interface MfaCheck {
  payload: string;
  method: MfaKind;
  /** Masked address or number the code went to (`maskContact` of the contract). */
  target: string | null;
  /** Id of the method used (to ask for a new code by the same method). */
  mfaId: number | null;
  /** The kinds of every method this check could use (for "use another method"). */
  kinds: MfaKind[];
}
export const mfaPayload = slot<MfaCheck>('mfaPayload');

/** docs/flows.md, duplicate merge: the payload of `POST /fuzzion`. Its presence is duplicated-logged. */
export const fuzzionPayload = slot<string>('fuzzion_payload');

/** The first-party app that handed the user over (address-hash login's `origin-app`). */
export const openApp = slot<string>('open_app');

/** Forgot password: where the code went and the payload to reset with. */
export interface ForgotState {
  /** The e-mail address or number (E.164) typed: shown in full where a recipient is its mask. */
  login: string;
  recipient: string[];
  technology: 'SMS' | 'email';
  payload: string;
  /** The code the user typed on the sent screen, checked with the new password. */
  code?: string;
}
export const forgotPassword = slot<ForgotState>('forgotPassword');

/**
 * The e-mail address the e-mail sign-in page fills in, once: the one a
 * password reset was for, or the one an account creation found already in use
 * (docs/journeys-signin.md, docs/flows.md#onboarding).
 */
const hint = slot<string>('signInHint');
export const signInHint = {
  set: hint.set,
  /** The address, forgotten as it is read. */
  take(): string | null {
    const value = hint.get();
    hint.clear();
    return value;
  },
};

/** Forgot username: the usernames found (masked), shown on the response screen. */
export const forgotUsername = slot<string[]>('forgotUsername');

/** Every flow's state goes at logout (docs/flows.md). */
export function clearFlowState(): void {
  try {
    sessionStorage.clear();
  } catch {
    // Nothing stored.
  }
}
