import type { portalApi, SetupStarted } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { refusal } from '../errors';
import { languageOf } from '../flows/sign-in';
import { currentFlow, endFlow, saveFlow, startFlow } from '../flows/store';
import { renewSession, sessionRefused, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { passThrough } from './pass-through';

/**
 * Setting up an e-mail or SMS method is a journey of two pages (the contact,
 * then its code): the method waiting for its code is a flow on the gateway,
 * which the confirmation page reads (`GET /api/mfa/setup/pending`), never
 * session storage. Spent once the method is confirmed.
 */
const SETUP = 'setup-mfa';
const NO_SETUP = refusal(
  'flow_gone',
  'No method is waiting for its code in this browser. Please start the set-up again.',
);

/**
 * MFA management: the upstream's answers pass through as they are (403
 * `sudo_required`, 409, 422 `{message}` included); none carries a token.
 */
export const mfaRoutes: RouterImplementation<typeof portalApi.mfa> = {
  listMethods: async ({ query, request, reply }) => {
    const res = await upstreamOf(request).mfa.listMethods({
      query,
      extraHeaders: upstreamHeaders(request),
    });
    // docs/product.md part 7: a 401 on the method list logs the user out.
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
  setupMethod: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).mfa.setupMethod({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 200 && res.body.method !== 'totp') {
      await startFlow<SetupStarted>(request, reply, {
        journey: SETUP,
        language: languageOf(request),
        target: null,
        state: res.body,
      });
    }
    return res;
  },
  startActivation: async ({ params, query, request }) => {
    const res = await upstreamOf(request).mfa.startActivation({
      params,
      query,
      extraHeaders: upstreamHeaders(request),
    });
    // A new code for the method waiting in the setup's flow: its new payload is kept there.
    const setup = await currentFlow<SetupStarted>(request, SETUP);
    if (res.status === 200 && setup && setup.flow.state.id === params.id) {
      const state = { ...setup.flow.state, payload: res.body.payload };
      await saveFlow(request, setup.id, { ...setup.flow, state });
    }
    return res;
  },
  pendingSetup: async ({ request }) => {
    const setup = await currentFlow<SetupStarted>(request, SETUP);
    return setup ? { status: 200, body: setup.flow.state } : NO_SETUP;
  },
  activate: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).mfa.activate({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 200) {
      // A second factor added: the session moves to a new token (docs/threat-model.md,
      // "A session's life"), and the set-up's journey is over.
      await renewSession(request, reply);
      const setup = await currentFlow<SetupStarted>(request, SETUP);
      if (setup) await endFlow(request, reply, setup.id);
    }
    return res;
  },
  switchPrimary: passThrough(
    (api, { params }, extraHeaders) => api.mfa.switchPrimary({ params, extraHeaders }),
    { renews: true },
  ),
  deleteMethod: passThrough(
    (api, { params, query }, extraHeaders) => api.mfa.deleteMethod({ params, query, extraHeaders }),
    { renews: true },
  ),
  regenerateRecovery: passThrough(
    (api, _args, extraHeaders) => api.mfa.regenerateRecovery({ extraHeaders }),
    { renews: true },
  ),
};
