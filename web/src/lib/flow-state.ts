import type { MfaKind } from '@portal/contract';

/**
 * Session storage of the multi-step flows the gateway does not own yet
 * (step-up, duplicate merge): the sign-in's and the recovery's own state (the spec's
 * `loginPayload`) is its flow on the gateway
 * (docs/decisions/0011-journeys-owned-by-the-gateway.md). Each value survives a
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

/** The code check under way (a step-up, a merge): the sudo payload and how the code was sent. */
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

/**
 * The e-mail address the e-mail sign-in page fills in, once: the one an
 * account creation found already in use
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

/** Every flow's state goes at logout (docs/flows.md). */
export function clearFlowState(): void {
  try {
    sessionStorage.clear();
  } catch {
    // Nothing stored.
  }
}
