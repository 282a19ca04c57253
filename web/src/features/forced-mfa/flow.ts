import type { ForcedMfaNext, ForcedMfaRefusal, ForcedMfaView } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { journeyQuery } from '../../lib/sign-in-flow';

/*
 * The forced second-factor setup as the browser sees it (docs/flows.md,
 * "Forced MFA"): the gateway keeps the setup (its flow) and answers each step
 * with the page to go to next; `/setup-mfa` draws the flow's view, which the
 * drawn page carries, a step's answer replaces, or `GET /api/forced-mfa` reads.
 */

/** A refused form of `/setup-mfa` sent without script: the refusal and the number typed. */
export interface ForcedMfaForm {
  refusal: ForcedMfaRefusal;
  retryAfter?: number | undefined;
  values: { phone?: string };
}

/** What the gateway draws `/setup-mfa` with: the flow's view (null: none), and a refused form. */
export interface ForcedMfaDraw {
  view: ForcedMfaView | null;
  form?: ForcedMfaForm;
}

/** The setup under way in this browser, or null (none, expired, complete). */
export const forcedMfaQuery = journeyQuery<'forced-mfa', ForcedMfaView>('forced-mfa', () =>
  api.forcedMfa.readForcedMfa(),
);

/** Where a drawn page's refused form is kept (read once, as it was drawn). */
export const forcedMfaFormKey = ['forced-mfa-form'] as const;

/** A drawn `/setup-mfa`: its view and refused form, for the first render to draw the same. */
export function startForcedMfaPage(draw: ForcedMfaDraw, client: QueryClient): void {
  client.setQueryData(forcedMfaQuery.queryKey, draw.view);
  if (draw.form) client.setQueryData(forcedMfaFormKey, draw.form);
}

/** A drawn form's refusal as the answer it was (for the one error mapping, `errorOf`). */
export function formAnswer(form: ForcedMfaForm) {
  const status =
    form.refusal.code === 'flow_gone'
      ? 410
      : form.refusal.code === 'flow_step'
        ? 409
        : form.retryAfter
          ? 429
          : 400;
  const headers = new Headers();
  if (form.retryAfter) headers.set('retry-after', String(form.retryAfter));
  return { status, body: form.refusal, headers };
}

/** The step a `/setup-mfa` form sends (its pressed button's `step`), as the enhanced page sends it. */
export type ForcedMfaStep =
  | { step: 'begin' | 'skip' | 'other' | 'resend' | 'finish' }
  | { step: 'send'; phone?: string }
  | { step: 'code'; code: string };

export async function sendStep(vars: ForcedMfaStep): Promise<ForcedMfaNext> {
  const res =
    vars.step === 'send'
      ? await api.forcedMfa.send({ body: vars.phone === undefined ? {} : { phone: vars.phone } })
      : vars.step === 'code'
        ? await api.forcedMfa.code({ body: { code: vars.code } })
        : await api.forcedMfa[vars.step]({ body: {} });
  if (res.status !== 200) throw res;
  return res.body;
}

/** Starts the setup from the app (a visit the gateway did not draw), its target checked there. */
export async function startSetup(target: string | null): Promise<ForcedMfaNext> {
  const res = await api.forcedMfa.start({ body: target ? { target } : {} });
  if (res.status !== 200) throw res;
  return res.body;
}
