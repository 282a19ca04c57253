import type { ForcedMfaNext, ForcedMfaRefusal } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionToken } from '../plugins/session';
import type { DrawExtras } from '../render/entry-server';
import { FORCED_MFA_PAGE, readForcedMfa } from './forced-mfa';
import { formRefusal, formStep, portalCall, refusalOf } from './forms';

/*
 * `/setup-mfa` as the pages scope draws and takes it (`plugins/web.ts`;
 * docs/flows.md, "Forced MFA"): the page is drawn from the forced setup's
 * flow for the signed-in user, and its form is the portal call the enhanced
 * page sends as JSON (`/api/forced-mfa/<step>`), answered 303 to `next` or
 * the page again with the refusal at its field.
 */

/** The steps a `/setup-mfa` form may name (its button's `step`). */
const STEPS = new Set(['begin', 'skip', 'other', 'send', 'resend', 'code', 'finish']);
/** The fields a refusal of the page is said at. */
const FIELDS: ReadonlySet<string> = new Set(['phone', 'code']);

/** Draws `/setup-mfa` for the signed-in user with `extras`, answered with `status`. */
export type DrawForcedMfa = (status: number, extras: DrawExtras) => Promise<unknown>;

const see = (reply: FastifyReply, to: string) =>
  reply.header('cache-control', 'no-store').redirect(to, 303);

/**
 * `GET /setup-mfa`: the sign-in's `?redirect=` (or a bookmark's `?target=`)
 * starts the setup, its target checked by the flow, and the address loses its
 * query; without a setup under way one starts; then the page of its step.
 */
export async function forcedMfaPage(
  request: FastifyRequest,
  reply: FastifyReply,
  draw: DrawForcedMfa,
) {
  const url = new URL(request.url, 'http://portal');
  const asked = url.searchParams.get('redirect') ?? url.searchParams.get('target');
  const view = url.search ? null : await readForcedMfa(request);
  if (view) return draw(200, { forcedMfa: { view } });
  const answer = await portalCall(
    request,
    reply,
    'POST',
    '/api/forced-mfa/start',
    asked ? { target: asked.slice(0, 2000) } : {},
  );
  const json = answer.json<Record<string, unknown>>();
  if (answer.statusCode === 200 && typeof json.next === 'string') {
    // Its view is the flow's now (its cookie is on this answer): drawn at the address
    // without its query.
    const started = json as unknown as ForcedMfaNext;
    if (started.next === FORCED_MFA_PAGE && started.view && !url.search) {
      return draw(200, { forcedMfa: { view: started.view } });
    }
    return see(reply, started.next);
  }
  if (answer.statusCode === 401) return see(reply, '/login/email');
  const refusal = refusalOf(json, FIELDS) as ForcedMfaRefusal;
  return draw(answer.statusCode, { forcedMfa: { view: null, form: { refusal, values: {} } } });
}

/** `POST /setup-mfa`: the step its button names, as the portal call; 303 on, or the page again. */
export async function forcedMfaForm(
  request: FastifyRequest,
  reply: FastifyReply,
  form: Record<string, string>,
  draw: DrawForcedMfa,
) {
  const refusal = formRefusal(request);
  if (refusal) {
    return reply.code(403).type('text/plain; charset=utf-8').send(`${refusal} Nothing was done.`);
  }
  if (sessionToken(request) === undefined) return see(reply, '/login/email');
  // "Send a new code" is its own button (`resend`) in the code's form.
  const step = form.resend ? 'resend' : (form.step ?? '');
  if (!STEPS.has(step)) {
    return reply
      .code(400)
      .type('text/plain; charset=utf-8')
      .send('The form names no step of the set-up. Nothing was done.');
  }
  const body =
    step === 'code'
      ? { code: (form.code ?? '').replace(/\s/g, '') }
      : step === 'send' && form.phone !== undefined
        ? { phone: form.phone }
        : {};
  const outcome = await formStep(request, reply, `/api/forced-mfa/${step}`, body, FIELDS);
  if ('next' in outcome) return see(reply, outcome.next);
  if (outcome.status === 401) return see(reply, '/login/email');
  const retryAfter = Number(outcome.retryAfter);
  return draw(outcome.status, {
    forcedMfa: {
      view: await readForcedMfa(request),
      form: {
        refusal: outcome.refusal as ForcedMfaRefusal,
        ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
        // The number typed comes back; never the code.
        values: step === 'send' && form.phone !== undefined ? { phone: form.phone } : {},
      },
    },
  });
}
