import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { onRequestHookHandler } from 'fastify';
import type { Config } from '../config';

/** reCAPTCHA's hosts (docs/product.md part 7: the captcha script loads from the provider, explicit render). */
const CAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAME = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/**
 * The Content-Security-Policy of pages: only the portal's own files; the
 * captcha's hosts when it is on. `inlineStyles`: the hashes of the styles the
 * drawn entry pages carry in their HTML (web.ts `inlineStyleHashes`).
 */
export function cspDirectives(
  config: Config,
  inlineStyles: readonly string[] = [],
): Record<string, string[]> {
  const captcha = config.CAPTCHA_SITE_KEY !== '';
  return {
    'default-src': ["'self'"],
    // The portal's own files only: no inline script, not even one allowed by its hash.
    'script-src': ["'self'", ...(captcha ? CAPTCHA_SCRIPT : [])],
    // The drawn pages' own styles by their hashes. React sets styles through the CSSOM,
    // which style-src does not govern: no other inline style is needed, none is allowed.
    'style-src': ["'self'", ...inlineStyles],
    // data: for the authenticator QR code.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': captcha ? CAPTCHA_FRAME : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
  };
}

/**
 * Pages (the web app, the API docs, the partner entry): helmet's set with the
 * strict CSP above. HSTS is left to `hsts` below: it depends on the origin.
 */
export function pageHelmet(
  config: Config,
  inlineStyles: readonly string[] = [],
): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, inlineStyles) },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  };
}

/**
 * JSON answers (OWASP's REST security set): no document is ever rendered from
 * one, so its policy allows nothing at all, and other sites may not embed it.
 * The headers that only mean something for a document a browser renders
 * (COOP, Origin-Agent-Cluster, DNS prefetch, IE's download and XSS switches,
 * Flash's cross-domain policies) are left off: every API answer carries its
 * headers, and each costs bytes on the wire and CPU to write (`pnpm bench`).
 */
export const apiHelmet: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** HSTS when the portal's public origin is HTTPS (a plain-HTTP localhost must not pin HTTPS). */
export const hsts: onRequestHookHandler = (request, reply, done) => {
  if (request.publicOrigin?.https) reply.header('strict-transport-security', HSTS);
  done();
};

/** User data is never stored by a browser or proxy cache. */
export const noStore: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};
