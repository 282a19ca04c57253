import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** reCAPTCHA's hosts (spec part 7: the captcha script loads from the provider, explicit render). */
const CAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAME = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/** The Content-Security-Policy: only the portal's own files; the captcha's hosts when it is on. */
export function cspDirectives(config: Config): Record<string, string[]> {
  const captcha = config.CAPTCHA_SITE_KEY !== '';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(captcha ? CAPTCHA_SCRIPT : [])],
    // React sets styles through the CSSOM, which style-src does not govern: no inline styles needed.
    'style-src': ["'self'"],
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
 * The headers helmet sets, computed once: helmet's middleware only ever sets
 * the same values, so running it per request (as @fastify/helmet does, which
 * also re-parses the CSP each time) would cost CPU for nothing.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The headers of a JSON answer (OWASP's REST security set): no document is ever
 * rendered from one, so its policy allows nothing at all, and user data is
 * never stored by a browser or proxy cache. Smaller than a page's set: every
 * API call carries them.
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** JSON answers: `/api/*` but the API docs page (HTML). */
const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every answer: pages (the web app, the API docs) get a
 * strict CSP, `Referrer-Policy`, `X-Content-Type-Options` and friends
 * (helmet); JSON answers get the API set above. HSTS only when the request
 * came over HTTPS (a plain-HTTP localhost must not pin HTTPS). No CORS plugin
 * is registered, so no origin but our own is ever allowed.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const pageHeaders = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false,
    });
    const hsts = 'max-age=31536000; includeSubDomains';
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiCall(request.url) ? API_HEADERS : pageHeaders);
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    });
  },
  { name: 'security' },
);
