import { type ErrorTexts, errorOf, type PortalError } from '../../lib/errors';

/**
 * The onboarding's words for its calls' errors (spec parts 5 and 8): a flow
 * that is gone (404) or out of step (409) must start again, unless the 409
 * says more (a duplicate, a taken card or code); a refused code (422) is
 * wrong or expired by its `code`, never by its message.
 */
const ONBOARDING_TEXTS = {
  notFound: 'flows.onboarding.errors.expired',
  conflict: 'flows.onboarding.errors.expired',
  'email-duplicated': 'flows.onboarding.email.duplicated',
  'phone-duplicated': 'flows.onboarding.phone.duplicated',
  card_taken: 'flows.onboarding.errors.cardTaken',
  code_used: 'flows.onboarding.errors.codeUsed',
  no_current_email: 'flows.onboarding.email.noCurrent',
  code_invalid: 'flows.onboarding.codeStep.invalid',
  code_expired: 'flows.onboarding.codeStep.expired',
} as const satisfies ErrorTexts;

export const stepErrorOf = (answer: unknown, texts?: ErrorTexts): PortalError =>
  errorOf(answer, { ...ONBOARDING_TEXTS, ...texts });

/** The account creation cannot go on as it stands: the screen offers to start again. */
export const endsTheFlow = (error: PortalError) =>
  error.kind === 'notFound' ||
  (error.kind === 'conflict' &&
    error.code !== 'email-duplicated' &&
    error.code !== 'phone-duplicated');
