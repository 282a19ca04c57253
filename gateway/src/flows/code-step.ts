import type { MfaKind, SignInStepRefusal } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { UpstreamClient } from '../plugins/upstream';
import { secondFactorOutcome } from '../security-events';
import { endFlow } from './store';

/**
 * The code step the flows that ask a second factor share (the sign-in, the
 * step-up, the merge's code to the other account): the methods they offer,
 * the code under way, and the account API's answers to a code asked for and
 * to a code typed (`GET`/`POST /mfa/sudo`), said the same way in each.
 */

/** A method a flow offers a code by (its target masked by the account API; the card as id 0). */
export interface Offered {
  id: number;
  method: MfaKind;
  target: string | null;
  primary: boolean;
}

/** A code sent: by which method, where to (masked), and the method's id (0: the card, which the account API picks). */
export interface CodeSent {
  method: MfaKind;
  target: string | null;
  mfaId: number;
}

/** A code under way at `/mfa/sudo`: how it was sent, and the account API's payload to confirm it with. */
export interface CodeCheck extends CodeSent {
  payload: string;
}

/** A step refused: its status and the refusal, said at its field. */
export interface StepRefused {
  status: 400 | 409 | 410 | 429 | 502;
  body: SignInStepRefusal;
  retryAfter?: string | undefined;
}

export const refused = (
  status: StepRefused['status'],
  code: string,
  message: string,
  extra: Partial<SignInStepRefusal> = {},
): StepRefused => ({ status, body: { code, message, ...extra } });

type Sudo = UpstreamClient['auth'];
type CodeAsked = Awaited<ReturnType<Sudo['startSudo']>>;
type CodeAnswered = Awaited<ReturnType<Sudo['confirmSudo']>>;

/**
 * The account API's answer to a code asked for (`GET /mfa/sudo`, by the method
 * `mfaId`): the check under way, or the refusal at the method: the flow's
 * `gone` when its payload is (410), the pause with its Retry-After (429), else
 * the account API's words.
 */
export function codeSent(
  res: CodeAsked,
  mfaId: number,
  gone: StepRefused,
): { ok: true; check: CodeCheck } | { ok: false; result: StepRefused } {
  if (res.status === 200) {
    const { payload, method, target } = res.body;
    return { ok: true, check: { payload, method, target, mfaId } };
  }
  if (res.status === 410) return { ok: false, result: gone };
  if (res.status === 429) {
    return {
      ok: false,
      result: {
        ...refused(429, res.body.code, res.body.message),
        retryAfter: res.headers.get('retry-after') ?? undefined,
      },
    };
  }
  return { ok: false, result: refused(400, res.body.code, res.body.message, { field: 'mfaId' }) };
}

/**
 * A code the account API refused (`POST /mfa/sudo`), counted as a second
 * factor failed (paused, once its payload is spent or codes are paused): a
 * spent payload ends the flow (410, in the flow's `gone` words, at the code);
 * a pause says when it ends (429 with Retry-After); anything else is a wrong
 * code, to try again (400 `invalid_code`).
 */
export async function codeRefused(
  request: FastifyRequest,
  reply: Parameters<typeof endFlow>[1],
  flowId: string,
  res: Exclude<CodeAnswered, { status: 200 }>,
  gone: StepRefused,
): Promise<StepRefused> {
  const spent =
    (res.status === 410 && res.body.code === 'payload_spent') ||
    (res.status === 429 && res.body.code === 'mfa_paused');
  secondFactorOutcome(request, spent ? 'paused' : 'failed');
  if (res.status === 410) {
    await endFlow(request, reply, flowId);
    return refused(410, gone.body.code, gone.body.message, { field: 'code' });
  }
  if (res.status === 429) {
    return {
      ...refused(429, res.body.code, res.body.message, { field: 'code' }),
      retryAfter: res.headers.get('retry-after') ?? undefined,
    };
  }
  return refused(400, 'invalid_code', 'Your code is invalid, try again.', { field: 'code' });
}
