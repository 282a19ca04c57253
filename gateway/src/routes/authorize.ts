import { AuthorizeQuery, isPartnerClient } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GatewayError } from '../errors';
import {
  askConsent,
  authorizePath,
  consentLanguage,
  endConsent,
  pendingConsent,
} from '../flows/consent';
import { isForcedSession } from '../plugins/forced-mfa-lockdown';
import {
  browserCookies,
  endSession,
  sessionRefused,
  sessionToken,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { isWeakSession } from '../plugins/weak-lockdown';
import { allowedRedirect, ownOrigin, registeredClients } from '../redirects';
import { accountOf, securityEvent } from '../security-events';
import { verifiedTarget } from './grants';

/** The query of the web app's screens: `partner=1` marks the partner-login state (docs/product.md part 4). */
function screen(path: string, params: URLSearchParams, partner: boolean): string {
  const query = new URLSearchParams(params);
  if (partner) query.set('partner', '1');
  return `${path}?${query.toString()}`;
}

function redirect(reply: FastifyReply, location: string, code: 302 | 303 = 302) {
  return reply.header('cache-control', 'no-store').redirect(location, code);
}

/** docs/product.md part 8: the /approve screen shows "…the partner you're coming from uses an invalid configuration." */
function invalidConfiguration(reply: FastifyReply, partner: boolean, code: 302 | 303 = 302) {
  const params = new URLSearchParams({ error: 'invalid_configuration' });
  return redirect(reply, screen('/approve', params, partner), code);
}

/**
 * A form posted from this portal's own page: `Sec-Fetch-Site` same-origin
 * where the browser sends it (every current one), else an `Origin` that is
 * the portal's (the page's `no-referrer` policy makes a browser's Origin
 * `null` on a form post, so Sec-Fetch-Site is what decides). Anything else
 * may be another site's form (a consent given in the user's name) and
 * changes nothing.
 */
function postedHere(request: FastifyRequest): boolean {
  const { origin, 'sec-fetch-site': site } = request.headers;
  if (site !== undefined) return site === 'same-origin';
  return origin === request.publicOrigin.origin;
}

/** The form's fields, each given once (a repeated one, or a body that is not a form, is null). */
function formFields(body: unknown): Record<string, string> | null {
  if (typeof body !== 'string') return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (key in fields) return null;
    fields[key] = value;
  }
  return fields;
}

/** The one value of a query parameter given once; a repeated one is refused. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The partner entry (docs/flows.md, partner authorise), outside /api: the browser arrives here from a
 * partner app. Not signed in: sign in first, with this request kept as the
 * target. Signed in: the upstream decides between consent (`/approve`) and
 * the registered redirect URI carrying the code. A client or redirect URI that
 * is not registered is never redirected to.
 */
export const authorizePlugin = fp(
  async (app) => {
    app.get('/authorize', { onRequest: browserCookies }, async (request: FastifyRequest, reply) => {
      const raw = request.query as Record<string, unknown>;
      const partner = isPartnerClient(single(raw.client_id) ?? '');
      const parsed = AuthorizeQuery.safeParse(
        Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, single(value)])),
      );
      if (!parsed.success) return invalidConfiguration(reply, partner);
      const query = parsed.data;

      // Checked before sign-in: a broken partner must not cost the user a sign-in.
      const client = (await registeredClients(request)).find(
        (c) => c.client_id === Number(query.client_id),
      );
      if (!client?.redirect_uris.includes(query.redirect_uri)) {
        return invalidConfiguration(reply, partner);
      }

      const target = authorizePath(query);
      const signIn = () =>
        redirect(reply, screen('/login/email', new URLSearchParams({ target }), partner));
      if (!sessionToken(request)) return signIn();
      if (await isWeakSession(request)) {
        // A weak password grants nothing else: replace it first, then come back here.
        return redirect(
          reply,
          `/weak-password?${new URLSearchParams({ verified: 'true', target })}`,
        );
      }
      // A first-party app's sign-in of an account that must set up a second factor goes
      // through the setup first, as the sign-in itself does; a partner's never does.
      if (!partner && (await isForcedSession(request))) {
        return redirect(reply, `/setup-mfa?${new URLSearchParams({ redirect: target })}`);
      }
      // One language per journey: the sign-in's that led here, else the account's.
      const language = await consentLanguage(request, target);

      const res = await upstreamOf(request).grants.authorize({
        query,
        extraHeaders: upstreamHeaders(request),
      });
      if (res.status === 401) {
        sessionRefused(request, reply);
        return signIn();
      }
      if (res.status === 400) return invalidConfiguration(reply, partner);
      // 403: the session's token is not a portal session's (never one the gateway set).
      if (res.status !== 200) throw new GatewayError('upstream_contract');
      if (res.body.approvalType === 'scopes') {
        // The request waits in the consent flow; the page's address carries none of it.
        await askConsent(request, reply, query, res.body, language);
        return redirect(reply, '/approve');
      }
      const answer = await verifiedTarget(request, res.body, query.redirect_uri);
      // Belt and braces: the target has passed the allow-list in verifiedTarget.
      const back = answer.target && allowedRedirect(answer.target, ownOrigin(request), [client]);
      if (!back) throw new GatewayError('upstream_contract');
      // Allowed before: nothing to ask, the journey is over.
      await endConsent(request, reply);
      return redirect(reply, back);
    });

    // The consent page's form leaves, through the gateway's 303, for the partner's
    // registered redirect URI: its CSP lets this one form go there (form-action
    // holds for the redirects of a form's navigation too), and nowhere else.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET') return payload;
      const url = new URL(request.url, ownOrigin(request));
      if (url.pathname !== '/approve') return payload;
      const csp = reply.getHeader('content-security-policy');
      const pending = typeof csp === 'string' ? await pendingConsent(request) : null;
      if (typeof csp !== 'string' || !pending) return payload;
      const { client_id, redirect_uri: redirectUri } = pending.state.request;
      const client = (await registeredClients(request)).find(
        (c) => String(c.client_id) === client_id,
      );
      const allowed = client?.redirect_uris.includes(redirectUri) ? URL.parse(redirectUri) : null;
      if (!allowed || (allowed.protocol !== 'https:' && allowed.protocol !== 'http:'))
        return payload;
      reply.header(
        'content-security-policy',
        csp.replace("form-action 'self'", `form-action 'self' ${allowed.origin}`),
      );
      return payload;
    });

    // Its own context: the form parser belongs to this route alone.
    await app.register(async (form) => {
      form.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, body),
      );
      form.post('/approve', { onRequest: browserCookies }, approveByForm);
    });
  },
  { name: 'authorize', dependencies: ['@fastify/cookie', 'origin', 'upstream'] },
);

/**
 * `POST /approve`, the consent page's plain HTML form (docs/flows.md,
 * "Partner authorisation"): works without JavaScript, and with it the same
 * way. The request answered is the browser's consent flow's, checked at
 * `GET /authorize`; the form sends only the answer (`approve=true|false`,
 * or `account=switch` for "Not you?"). The gateway sends it to the account
 * API and answers `303`: to the partner's registered `redirect_uri` carrying
 * the code, or after a refusal `error=access_denied` and the partner's
 * `state` (RFC 6749 §4.1.2.1). A form from another site changes nothing
 * (403; the flow cookie is SameSite=Lax besides); without a consent under
 * way the page says the request is over.
 */
async function approveByForm(request: FastifyRequest, reply: FastifyReply) {
  if (!postedHere(request)) {
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send("This consent was refused: it was not sent from the portal's own page.");
  }
  const fields = formFields(request.body);
  const pending = await pendingConsent(request);
  // Answered already, expired, or never asked in this browser: the page says so.
  if (!pending) return redirect(reply, '/approve', 303);
  const { request: query } = pending.state;
  const again = pending.flow.target ?? authorizePath(query);
  const partner = isPartnerClient(query.client_id);
  // Signed out meanwhile: sign in, then the partner's request is asked again.
  const signIn = () =>
    redirect(reply, screen('/login/email', new URLSearchParams({ target: again }), partner), 303);
  if (fields?.account === 'switch') {
    // "Not you?": this account signs out, the request waits for the next sign-in.
    const account = await accountOf(request);
    await endSession(request, reply);
    if (account !== undefined) {
      securityEvent(request, 'session.revoked', { account }, { reason: 'sign_out', scope: 'one' });
    }
    await endConsent(request, reply);
    return signIn();
  }
  const approve = fields?.approve === 'true' ? true : fields?.approve === 'false' ? false : null;
  if (approve === null) {
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('The consent form must say approve=true (Allow) or approve=false (Refuse).');
  }
  if (!sessionToken(request)) return signIn();
  // A weak password grants nothing else: replace it first, then the request again.
  if (await isWeakSession(request)) {
    return redirect(
      reply,
      `/weak-password?${new URLSearchParams({ verified: 'true', target: again })}`,
      303,
    );
  }
  // Checked at `GET /authorize`, and again: the client's registration may have changed since.
  const client = (await registeredClients(request)).find(
    (c) => c.client_id === Number(query.client_id),
  );
  if (!client?.redirect_uris.includes(query.redirect_uri)) {
    await endConsent(request, reply);
    return invalidConfiguration(reply, partner, 303);
  }

  const res = await upstreamOf(request).grants.approve({
    body: { ...query, approve },
    extraHeaders: upstreamHeaders(request),
  });
  if (res.status === 401) {
    sessionRefused(request, reply);
    return signIn();
  }
  await endConsent(request, reply);
  if (res.status === 400) return invalidConfiguration(reply, partner, 303);
  if (res.status !== 200) throw new GatewayError('upstream_contract');
  const answer = await verifiedTarget(request, res.body, query.redirect_uri);
  const target = answer.target && allowedRedirect(answer.target, ownOrigin(request), [client]);
  if (!target) throw new GatewayError('upstream_contract');
  return redirect(reply, target, 303);
}
