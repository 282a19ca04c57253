import { KNOWN_SCOPES, type Variant } from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { notFound } from './errors';

/** An account portal has nothing for search engines: no page of it belongs in an index. */
const ROBOTS = 'User-agent: *\nDisallow: /\n';

/** The web app's password change screen (web/src/lib/routes.ts, `security.edit-password`). */
const PASSWORD_CHANGE_PAGE = '/security/edit-password';

/** How long a client may keep a well-known document (the configuration changes only at a start). */
const DAY = 'public, max-age=86400';
const HOUR = 'public, max-age=3600';
/** The related origins: a few minutes, so that a change reaches browsers soon. */
const MINUTES = 'public, max-age=300';

/**
 * RFC 9116: where to report a vulnerability, from the variant's configuration.
 * Canonical names every origin of the variant: the file is the same on each.
 */
function securityTxt(config: Config, variant: Variant): string {
  const v = variant === 'be' ? 'BE' : 'LU';
  return [
    ...config[`SECURITY_TXT_CONTACT_${v}`].map((uri) => `Contact: ${uri}`),
    `Expires: ${config.SECURITY_TXT_EXPIRES.toISOString()}`,
    `Preferred-Languages: ${config[`SECURITY_TXT_LANGUAGES_${v}`].join(', ')}`,
    ...config[`PUBLIC_ORIGIN_${v}`].map((o) => `Canonical: ${o}/.well-known/security.txt`),
    '',
  ].join('\n');
}

/**
 * RFC 8414 metadata, so that a partner's OAuth library configures itself from
 * the issuer (the origin it was asked at): the portal's `/authorize`, the
 * account API's token endpoint, the code flow with PKCE S256 only (the
 * password grant is the portal's own, not a partner's).
 */
function authorizationServerMetadata(config: Config, variant: Variant, issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: config[`OAUTH_TOKEN_ENDPOINT_${variant === 'be' ? 'BE' : 'LU'}`],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    scopes_supported: [...KNOWN_SCOPES],
  };
}

const cached = (reply: FastifyReply, policy: string) => reply.header('cache-control', policy);

/**
 * `/robots.txt` and the well-known addresses (docs/operations.md, "Well-known
 * addresses"): W3C's change-password, RFC 9116's security.txt, RFC 8414's
 * authorization-server metadata, WebAuthn's related origins. Any other `/.well-known/` path is 404, never
 * the app's HTML: a client probing for a document must not take a page for it.
 */
export const wellKnownPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/robots.txt', (_request, reply) => {
    cached(reply, DAY).type('text/plain; charset=utf-8');
    return reply.send(ROBOTS);
  });
  app.get('/.well-known/security.txt', (request, reply) => {
    cached(reply, DAY).type('text/plain; charset=utf-8');
    return reply.send(securityTxt(config, request.publicOrigin.variant));
  });
  // W3C "A Well-Known URL for Changing Passwords": a redirect to the page.
  app.get('/.well-known/change-password', (_request, reply) => {
    cached(reply, DAY);
    return reply.redirect(PASSWORD_CHANGE_PAGE, 302);
  });
  app.get('/.well-known/oauth-authorization-server', (request, reply) => {
    // Public data a partner's single-page app may read from its own origin.
    cached(reply, HOUR)
      .type('application/json; charset=utf-8')
      .header('access-control-allow-origin', '*');
    const { variant, origin } = request.publicOrigin;
    return reply.send(authorizationServerMetadata(config, variant, origin));
  });
  // WebAuthn Related Origin Requests: on the origin whose host is the
  // relying-party id only (browsers fetch https://<rp id>/.well-known/webauthn).
  app.get('/.well-known/webauthn', (request, reply) => {
    const { url, rpId } = request.publicOrigin;
    if (!config.WEBAUTHN_RELATED_ORIGINS.length || url.hostname !== rpId) {
      return notFound(request, reply);
    }
    cached(reply, MINUTES).type('application/json; charset=utf-8');
    return reply.send({ origins: config.WEBAUTHN_RELATED_ORIGINS });
  });
  app.all('/.well-known/*', notFound);
};
