import type { Fuzzion } from '@portal/contract';
import type { ErrorTexts } from '../../lib/errors';

/** The proof steps shown on this screen (`?step=`); codes go through the MFA screens. */
export type ClaimStep = 'card' | 'password';
export const claimStepOf = (value: string | null): ClaimStep | null =>
  value === 'card' || value === 'password' ? value : null;

/**
 * A merge call's failure in the merge's words (docs/product.md part 8): a wrong proof
 * (422) is "invalid input"; a merge that is gone or broke is a "technical
 * error".
 */
export const MERGE_TEXTS = {
  rejected: 'flows.fuzzion.errors.invalid',
  fallback: 'flows.fuzzion.errors.technical',
} as const satisfies ErrorTexts;

export interface StepProps {
  payload: string;
  fuzzion: Fuzzion;
  titleId: string;
  settle: (fuzzion: Fuzzion) => void;
  /** A merge call failed (what it threw): the message to show, if the screen stays. */
  onFailure: (thrown: unknown) => string | null;
  step: (next: ClaimStep | null) => void;
  target: string | null;
}
