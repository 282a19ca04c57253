import type { MergeView } from '@portal/contract';
import type { ErrorTexts } from '../../lib/errors';

/** The steps of this screen (`?step=`): the proof's choice, and the card or password proof. */
export type ClaimStep = 'prove' | 'card' | 'password';
export const claimStepOf = (value: string | null): ClaimStep | null =>
  value === 'prove' || value === 'card' || value === 'password' ? value : null;

/**
 * A merge step's failure in the merge's words (docs/product.md part 8): a wrong proof
 * is "invalid input"; a merge that is gone or broke is a "technical error".
 */
export const MERGE_TEXTS = {
  invalid: 'flows.fuzzion.errors.invalid',
  rejected: 'flows.fuzzion.errors.invalid',
  fallback: 'flows.fuzzion.errors.technical',
} as const satisfies ErrorTexts;

export interface StepProps {
  merge: MergeView;
  titleId: string;
}
