/**
 * What an onboarding call's answer means for the screen (spec parts 5 and 8):
 * each code of the contract maps to one translated message.
 */
export type StepError =
  /** 404, or 409 `wrong_step`: the flow is gone or out of step; start again. */
  | 'expired'
  | 'emailDuplicated'
  | 'phoneDuplicated'
  | 'cardTaken'
  | 'codeUsed'
  | 'noCurrentEmail'
  /** 400 on the field being sent. */
  | 'invalid'
  /** 422 on a code. */
  | 'codeInvalid'
  | 'codeExpired'
  | 'generic';

export function stepErrorOf(answer: { status: number; body: unknown }): StepError {
  const body = answer.body as { code?: string; message?: string } | null;
  switch (answer.status) {
    case 404:
      return 'expired';
    case 409:
      if (body?.code === 'email-duplicated') return 'emailDuplicated';
      if (body?.code === 'phone-duplicated') return 'phoneDuplicated';
      if (body?.code === 'card_taken') return 'cardTaken';
      if (body?.code === 'code_used') return 'codeUsed';
      return 'expired';
    case 422:
      return /expired/i.test(body?.message ?? '') ? 'codeExpired' : 'codeInvalid';
    case 400:
      return body?.code === 'no_current_email' ? 'noCurrentEmail' : 'invalid';
    default:
      return 'generic';
  }
}
