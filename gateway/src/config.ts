import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { getDomain, getDomainWithoutSuffix } from 'tldts';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** A sample rate: 0 (none) to 1 (all). */
const rate = z.coerce.number().min(0).max(1);

/** One address or CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` in the one form that cannot be forged: `0` (no
 * proxy) or the proxies' addresses/CIDRs. Never "trust all": then the
 * left-most X-Forwarded-For entry, which the client writes, would become its
 * address. Nor a hop count: Fastify 5 refuses those (it trusts no hop at all),
 * since a count cannot tell a proxy from a client that connects directly.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | string[] => {
    if (value === '' || value === '0' || value === 'false') return false;
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (!list.every(isAddressOrCidr)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be 0 or a comma-separated list of the proxies\' addresses/CIDRs (not "true", not a hop count)',
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * A Sentry DSN as its SDKs parse it (`https://<key>@<host>[:port]/[path/]<project>`):
 * the SDK would only print "Invalid Sentry Dsn" and report nothing.
 */
const sentryDsn = z
  .string()
  .regex(
    /^https?:\/\/\w+(?::\w*)?@(?:\[[:.%\w]+\]|[\w.-]+)(?::\d+)?\/(?:[\w.~%-]+\/)*\d+$/,
    'must be a Sentry DSN: https://<public key>@<host>/<project id>',
  );

/** A comma-separated list of country calling codes (`32,31,33`), without the `+`. */
const callingCodes = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((v) => v.trim().replace(/^\+/, ''))
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((code) => /^\d{1,3}$/.test(code)), {
    message: 'must be a comma-separated list of country calling codes (32,31,33)',
  });

/** `host:port` with a port, the host a name, an IPv4 address or an IPv6 address in brackets. */
function hostPort(item: string): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(item);
  const port = Number(match?.[2]);
  if (!match?.[1] || !(port > 0 && port < 65536)) return undefined;
  const host = match[1].startsWith('[') ? match[1].slice(1, -1) : match[1];
  if (match[1].startsWith('[') && isIP(host) !== 6) return undefined;
  return { host, port };
}

/** A comma-separated list of `host:port` (Redis sentinels, cluster nodes). */
const hostPorts = z.string().transform((value, ctx) => {
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const list = items.map(hostPort);
  const bad = items.find((_, i) => !list[i]);
  if (bad !== undefined || !list.length) {
    ctx.addIssue({
      code: 'custom',
      message: `${bad === undefined ? 'names no address' : `${bad} is not host:port`} (a comma-separated list of host:port)`,
    });
    return z.NEVER;
  }
  return list as { host: string; port: number }[];
});

/** A comma-separated list of origins (`https://account.example.be`), no path. */
const origins = z
  .string()
  .transform((value, ctx) => {
    const list: URL[] = [];
    for (const item of value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {}
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
        ctx.addIssue({ code: 'custom', message: `${item} is not an http(s) origin (no path)` });
        return z.NEVER;
      }
      list.push(url);
    }
    if (!list.length) {
      ctx.addIssue({ code: 'custom', message: 'must name at least one origin' });
      return z.NEVER;
    }
    return list.map((u) => u.origin);
  })
  .optional();

/** A comma-separated list, each item checked; none at all is refused too. */
const commaList = (valid: (item: string) => boolean, message: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every(valid), { message });

/** RFC 9116's Contact: `mailto:`, `https:` or `tel:` URIs, in order of preference. */
const contacts = commaList(
  (uri) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[\d-]+)$/.test(uri),
  'must be comma-separated mailto:, https:// or tel: URIs (RFC 9116 Contact)',
).optional();

/** RFC 9116's Preferred-Languages: language tags (RFC 5646). */
const languageTags = commaList(
  (tag) => /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(tag),
  'must be comma-separated language tags (en, fr, nl, de)',
);

/** An ISO 8601 date-time with its zone (`2027-06-30T00:00:00Z`). */
const dateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time (2027-06-30T00:00:00Z)' })
  .transform((v) => new Date(v));

/** Every variable the gateway reads, with the defaults of docs/operations.md. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  UPSTREAM_BE_URL: httpUrl.default('http://127.0.0.1:4010'),
  UPSTREAM_LU_URL: httpUrl.default('http://127.0.0.1:4011'),
  /**
   * The origins each variant is served at (the first is its canonical one).
   * The variant of a request, its same-origin check, its cookie's Domain and
   * Secure flag and every absolute URL come from the one its Host names; a
   * Host that names none is answered 421. Default: `http://be.localhost:PORT`
   * and `http://lu.localhost:PORT`.
   */
  PUBLIC_ORIGIN_BE: origins,
  PUBLIC_ORIGIN_LU: origins,
  /**
   * The deadline of one account-API call as a whole: waiting for a
   * connection of the pool, connecting, the answer's headers and its body.
   * The first link of the timeout chain (docs/operations.md "Timeouts and
   * shutdown"): shorter than `SHUTDOWN_DRAIN_MS`, which start refuses otherwise.
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * Account-API calls in flight at once, per variant (and the pool's
   * connections): a call beyond it is refused at once, 503 `upstream_busy`
   * with `Retry-After`, instead of queueing behind calls that may hang.
   */
  UPSTREAM_MAX_CONCURRENCY: z.coerce.number().int().positive().default(128),
  /**
   * SIGTERM: readiness turns 503 at once, the gateway keeps serving for this
   * pause (the orchestrator removes it from its endpoints meanwhile, as a
   * Kubernetes `preStop` sleep would), then closes its listener.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  /** After the listener closes, how long requests in flight have to finish; past it, exit 1. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().positive().default(20000),
  MAINTENANCE: flag.default(false),
  TRUST_PROXY: trustProxy.default(false),
  /**
   * The Redis the gateways share (rate limits, journeys), in one of three
   * modes (docs/operations.md "Redis"): `REDIS_URL` (one server),
   * `REDIS_SENTINELS` with `REDIS_SENTINEL_NAME` (the primary Sentinel names),
   * or `REDIS_CLUSTER_NODES` (a Redis Cluster). None: this process's memory.
   */
  REDIS_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^rediss?:\/\/[^/]/.test(v), 'must be a redis:// or rediss:// URL'),
  REDIS_SENTINELS: hostPorts.optional(),
  REDIS_SENTINEL_NAME: z.string().trim().min(1).optional(),
  REDIS_CLUSTER_NODES: hostPorts.optional(),
  /** The data nodes' credentials with Sentinel or Cluster (a `REDIS_URL` carries its own). */
  REDIS_USERNAME: z.string().min(1).optional(),
  REDIS_PASSWORD: z.string().min(1).optional(),
  /** The sentinels' own password (`requirepass` of sentinel.conf), when they have one. */
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
  /**
   * How long a starting gateway whose Redis has not answered stays out of
   * rotation (`/readyz` 503 `waiting_for_redis`). Past it, it is ready with
   * the limits in its own memory, and shares them once Redis answers.
   */
  REDIS_STARTUP_WAIT_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /**
   * How many gateways share the rate limits: while Redis is unavailable each
   * enforces its share (the budget divided by this, rounded up) in memory.
   */
  RATE_LIMIT_GATEWAYS: z.coerce.number().int().positive().max(1000).default(1),
  /** How often each account API's reachability is probed (the `portal_account_api_up` gauge). */
  ACCOUNT_API_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Where the built web app lives. Required in production (`NODE_ENV=production`):
   * a gateway without its pages would answer every page 404 yet look healthy.
   * Elsewhere, unset means the repository's `web/dist`.
   */
  WEB_DIST: z.string().default(''),
  /**
   * Threads that draw pages with the web app's server bundle, off the event
   * loop that answers the API (`render/pool.ts`). Unset: one per core but
   * one, at least one, at most four (docs/operations.md, "Sizing").
   */
  RENDER_THREADS: z.coerce.number().int().min(1).max(32).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The management listener (`/metrics`, `/healthz`, `/readyz`): loopback by
   * default, like Keycloak's and Ory's, so that nothing of it is public.
   * `0` picks a free port (tests).
   */
  MANAGEMENT_PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  MANAGEMENT_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Tracing, by OpenTelemetry's own variables (docs/operations.md "Tracing"):
   * on when an exporter is named (`otlp`, `console`) or an OTLP endpoint is
   * set; sampled parent-based, new traces at the ratio (docs/product.md part 9: 0).
   */
  OTEL_SDK_DISABLED: flag.default(false),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  /**
   * OpenTelemetry's sampler names. Without `parentbased_`, a caller's
   * `traceparent` is continued (same trace id) but its sampled flag is not
   * obeyed: a client cannot make the gateway export its requests. With it, a
   * caller's sampled flag decides (only behind a proxy that sets it).
   */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'traceidratio',
      'always_on',
      'always_off',
      'parentbased_traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
    ])
    .default('traceidratio'),
  OTEL_TRACES_SAMPLER_ARG: rate.default(0),
  OTEL_SERVICE_NAME: z.string().min(1).default('portal-gateway'),
  /**
   * Error reporting (Sentry's SDK): off without a DSN. The web app's DSN is
   * its own (a browser's DSN is public); both use the sample rates, whose
   * defaults are the spec's (part 9: 0).
   */
  SENTRY_DSN: sentryDsn.optional(),
  WEB_SENTRY_DSN: sentryDsn.optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).default('production'),
  SENTRY_SAMPLE_RATE: rate.default(0),
  SENTRY_TRACES_SAMPLE_RATE: rate.default(0),
  /**
   * The HMAC key of the account ids and usernames in security events
   * (docs/operations.md "Security events"): without it, anyone holding a log
   * could confirm a guessed id. Required in production; elsewhere, unset
   * means a fixed key (the hashes still match across gateways, but only hide
   * what cannot be guessed).
   */
  EVENT_HASH_KEY: z.string().min(16).optional(),
  /**
   * The HMAC key of the device cookie (docs/decisions/0009-session-and-device-keys.md):
   * a device key no gateway signed is replaced, never trusted. The same on
   * every gateway; unset, one derived from `EVENT_HASH_KEY`. Changing it
   * forgets every trusted device (their next sign-in asks the second factor).
   */
  DEVICE_KEY_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTCHA_SITE_KEY: z.string().default(''),
  /**
   * The captcha provider's secret and its siteverify endpoint (the convention
   * reCAPTCHA, hCaptcha and Turnstile share: a form-encoded POST of `secret`,
   * `response`, `remoteip`, answered JSON `{success}`). With a site key, the
   * gateway checks every password sign-in's token there before the upstream
   * sees it; the secret is then required.
   */
  CAPTCHA_SECRET: z.string().default(''),
  CAPTCHA_VERIFY_URL: httpUrl.default('https://www.google.com/recaptcha/api/siteverify'),
  /**
   * Rate limits per client IP and window: sign-in calls, calls that check or
   * send an MFA/e-mail/SMS code, and forgot-password/username calls.
   */
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_CODES: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_FORGOT: z.coerce.number().int().positive().default(30),
  /**
   * Budgets of the calls that send a code, per window of `CODE_LIMIT_WINDOW_S`
   * (docs/security.md, "Code sends"): per recipient (address, number, login,
   * second-factor method), per account (or sign-in challenge, onboarding),
   * and for SMS to numbers outside the variant's countries per account (or
   * client) and per variant.
   */
  CODE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(3600),
  CODE_LIMIT_RECIPIENT: z.coerce.number().int().positive().default(5),
  CODE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  CODE_LIMIT_FOREIGN_SMS: z.coerce.number().int().positive().default(2),
  CODE_LIMIT_FOREIGN_SMS_TOTAL: z.coerce.number().int().positive().default(100),
  /**
   * The country calling codes an SMS of each variant is expected to go to:
   * the variant's own and its neighbours' (cross-border workers hold a
   * voucher account with their home number). Any other spends the foreign-SMS budgets.
   */
  SMS_COUNTRIES_BE: callingCodes.default(['32', '31', '33', '49', '352']),
  SMS_COUNTRIES_LU: callingCodes.default(['352', '32', '33', '49']),
  /**
   * `/.well-known/security.txt` (RFC 9116) of each variant: where to report a
   * vulnerability (unset: `mailto:security@` the variant's domain), until
   * when the file holds (one date for both; unset: 180 days after each start;
   * a date already past stops the start), and the languages reports are read in.
   */
  SECURITY_TXT_CONTACT_BE: contacts,
  SECURITY_TXT_CONTACT_LU: contacts,
  SECURITY_TXT_EXPIRES: dateTime.optional(),
  SECURITY_TXT_LANGUAGES_BE: languageTags.default(['en', 'fr', 'nl', 'de']),
  SECURITY_TXT_LANGUAGES_LU: languageTags.default(['fr', 'de', 'en']),
  /**
   * The account API's OAuth token endpoint as partners reach it, published in
   * `/.well-known/oauth-authorization-server` (RFC 8414). Unset: the variant's
   * `UPSTREAM_*_URL` + `/token`.
   */
  OAUTH_TOKEN_ENDPOINT_BE: httpUrl.optional(),
  OAUTH_TOKEN_ENDPOINT_LU: httpUrl.optional(),
  /**
   * The passkeys' relying-party id (docs/operations.md, "One passkey for
   * both variants"): a registrable domain (`example.be`) or a subdomain of
   * one, never a public suffix. Unset: each origin's own domain, its host
   * without `account.` (a passkey made on .be does not serve .lu).
   */
  WEBAUTHN_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      'must be a host name',
    )
    .optional(),
  /**
   * The origins outside `WEBAUTHN_RP_ID`'s domain that use it too (WebAuthn
   * Related Origin Requests), served as `{"origins": [...]}` at
   * `https://<WEBAUTHN_RP_ID>/.well-known/webauthn`.
   */
  WEBAUTHN_RELATED_ORIGINS: origins,
});

type Parsed = z.infer<typeof Env>;
type Defaulted =
  | 'PUBLIC_ORIGIN_BE'
  | 'PUBLIC_ORIGIN_LU'
  | 'SECURITY_TXT_CONTACT_BE'
  | 'SECURITY_TXT_CONTACT_LU'
  | 'SECURITY_TXT_EXPIRES'
  | 'OAUTH_TOKEN_ENDPOINT_BE'
  | 'OAUTH_TOKEN_ENDPOINT_LU'
  | 'WEBAUTHN_RELATED_ORIGINS';
export type Config = Omit<Parsed, Defaulted> & {
  PUBLIC_ORIGIN_BE: string[];
  PUBLIC_ORIGIN_LU: string[];
  SECURITY_TXT_CONTACT_BE: string[];
  SECURITY_TXT_CONTACT_LU: string[];
  SECURITY_TXT_EXPIRES: Date;
  OAUTH_TOKEN_ENDPOINT_BE: string;
  OAUTH_TOKEN_ENDPOINT_LU: string;
  WEBAUTHN_RELATED_ORIGINS: string[];
};

/** RFC 9116 recommends an Expires less than a year ahead. */
const SECURITY_TXT_DEFAULT_DAYS = 180;

/** `mailto:security@` the domain of an origin (its host without a leading `account.`). */
function securityMailbox(origin: string): string {
  const host = new URL(origin).hostname;
  return `mailto:security@${host.startsWith('account.') ? host.slice('account.'.length) : host}`;
}

/** The upstream's `/token`, keeping any path the upstream's URL has. */
function tokenEndpointOf(upstream: string): string {
  return `${upstream.replace(/\/$/, '')}/token`;
}

export class ConfigError extends Error {}

function withDefaults(parsed: Parsed): Config {
  const be = parsed.PUBLIC_ORIGIN_BE ?? [`http://be.localhost:${parsed.PORT}`];
  const lu = parsed.PUBLIC_ORIGIN_LU ?? [`http://lu.localhost:${parsed.PORT}`];
  return {
    ...parsed,
    PUBLIC_ORIGIN_BE: be,
    PUBLIC_ORIGIN_LU: lu,
    SECURITY_TXT_CONTACT_BE: parsed.SECURITY_TXT_CONTACT_BE ?? [securityMailbox(be[0] as string)],
    SECURITY_TXT_CONTACT_LU: parsed.SECURITY_TXT_CONTACT_LU ?? [securityMailbox(lu[0] as string)],
    SECURITY_TXT_EXPIRES:
      parsed.SECURITY_TXT_EXPIRES ??
      new Date(Date.now() + SECURITY_TXT_DEFAULT_DAYS * 24 * 3600 * 1000),
    OAUTH_TOKEN_ENDPOINT_BE:
      parsed.OAUTH_TOKEN_ENDPOINT_BE ?? tokenEndpointOf(parsed.UPSTREAM_BE_URL),
    OAUTH_TOKEN_ENDPOINT_LU:
      parsed.OAUTH_TOKEN_ENDPOINT_LU ?? tokenEndpointOf(parsed.UPSTREAM_LU_URL),
    WEBAUTHN_RELATED_ORIGINS: parsed.WEBAUTHN_RELATED_ORIGINS ?? [],
  };
}

/** Parses the environment once; a bad value names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(Env.shape).flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]]])),
  );
  // An empty value is a mistake (`PORT=` once listened on a random port), not a default.
  const empty = Object.entries(present)
    .filter(([, v]) => String(v).trim() === '')
    .map(([k]) => `${k}: is empty (unset it to use the default)`);
  const result = Env.safeParse(present);
  if (!result.success || empty.length) {
    const lines = [
      ...empty,
      ...(result.error?.issues ?? [])
        .filter((i) => !empty.some((e) => e.startsWith(`${String(i.path[0])}:`)))
        .map((i) => `${i.path.join('.')}: ${i.message}`),
    ];
    throw new ConfigError(`Invalid gateway configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = withDefaults(result.data);
  if (config.NODE_ENV === 'production' && !existsSync(join(config.WEB_DIST, 'index.html'))) {
    throw new ConfigError(
      `Invalid gateway configuration:\n  WEB_DIST: ${
        config.WEB_DIST ? `${config.WEB_DIST} holds no index.html` : 'required in production'
      } (the built web app's folder)`,
    );
  }
  if (config.NODE_ENV === 'production' && !config.EVENT_HASH_KEY) {
    throw new ConfigError(
      'Invalid gateway configuration:\n  EVENT_HASH_KEY: required in production (16+ characters, the same on every gateway): without it anyone holding a log could confirm a guessed account id',
    );
  }
  if (config.UPSTREAM_TIMEOUT_MS >= config.SHUTDOWN_DRAIN_MS) {
    throw new ConfigError(
      `Invalid gateway configuration:\n  UPSTREAM_TIMEOUT_MS: ${config.UPSTREAM_TIMEOUT_MS} must be shorter than SHUTDOWN_DRAIN_MS (${config.SHUTDOWN_DRAIN_MS}): a call in flight at shutdown would be cut off before its own deadline`,
    );
  }
  if (config.SECURITY_TXT_EXPIRES.getTime() <= Date.now()) {
    throw new ConfigError(
      `Invalid gateway configuration:\n  SECURITY_TXT_EXPIRES: ${config.SECURITY_TXT_EXPIRES.toISOString()} is already past (RFC 9116: a security.txt past its Expires is stale); set a date ahead, at most a year`,
    );
  }
  const webauthnProblem = relyingPartyProblem(config);
  if (webauthnProblem)
    throw new ConfigError(`Invalid gateway configuration:\n  ${webauthnProblem}`);
  const redisProblem = redisModeProblem(config);
  if (redisProblem) throw new ConfigError(`Invalid gateway configuration:\n  ${redisProblem}`);
  if (config.CAPTCHA_SITE_KEY && !config.CAPTCHA_SECRET) {
    throw new ConfigError(
      'Invalid gateway configuration:\n  CAPTCHA_SECRET: required when CAPTCHA_SITE_KEY is set (the gateway verifies every captcha token)',
    );
  }
  const hosts = [...config.PUBLIC_ORIGIN_BE, ...config.PUBLIC_ORIGIN_LU].map(
    (o) => new URL(o).host,
  );
  const twice = hosts.find((h, i) => hosts.indexOf(h) !== i);
  if (twice) {
    throw new ConfigError(
      `Invalid gateway configuration:\n  PUBLIC_ORIGIN_LU: ${twice} is also a Belgian origin`,
    );
  }
  return config;
}

const isLocalhost = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** A host is the relying-party id's domain when it is the id or one of its subdomains. */
export function underRpId(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

/**
 * WebAuthn's rules for `WEBAUTHN_RP_ID` and `WEBAUTHN_RELATED_ORIGINS`: the id
 * a registrable domain or under one (not `be`, not `co.uk`); every public
 * origin under it or related; related origins secure (https, or localhost)
 * and of at most five registrable-domain labels (browsers ignore the rest).
 */
function relyingPartyProblem(config: Config): string | undefined {
  const rpId = config.WEBAUTHN_RP_ID;
  const related = config.WEBAUTHN_RELATED_ORIGINS;
  if (!rpId) {
    return related.length
      ? 'WEBAUTHN_RELATED_ORIGINS: only with WEBAUTHN_RP_ID (the one relying-party id the origins share)'
      : undefined;
  }
  if (!isLocalhost(rpId)) {
    const domain = getDomain(rpId);
    if (isIP(rpId) || !domain || !underRpId(rpId, domain)) {
      return `WEBAUTHN_RP_ID: ${rpId} is not a registrable domain (a public suffix such as "be" or "co.uk" cannot be a relying-party id)`;
    }
  }
  const insecure = related.find((o) => {
    const url = new URL(o);
    return url.protocol !== 'https:' && !isLocalhost(url.hostname);
  });
  if (insecure) {
    return `WEBAUTHN_RELATED_ORIGINS: ${insecure} is not https (browsers use passkeys on secure origins only)`;
  }
  const labels = new Set(related.map((o) => getDomainWithoutSuffix(new URL(o).hostname) ?? o));
  if (labels.size > 5) {
    return `WEBAUTHN_RELATED_ORIGINS: ${labels.size} registrable-domain labels (${[...labels].join(', ')}); browsers honour at most 5`;
  }
  for (const name of ['PUBLIC_ORIGIN_BE', 'PUBLIC_ORIGIN_LU'] as const) {
    const outside = config[name].find(
      (o) => !underRpId(new URL(o).hostname, rpId) && !related.includes(o),
    );
    if (outside) {
      return `${name}: ${outside} is not under WEBAUTHN_RP_ID ${rpId}; list it in WEBAUTHN_RELATED_ORIGINS (or set no WEBAUTHN_RP_ID)`;
    }
  }
  return undefined;
}

/** At most one Redis mode, and Sentinel's with its primary's name. */
function redisModeProblem(config: Config): string | undefined {
  const set = (['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES'] as const).filter((name) =>
    Boolean(config[name]),
  );
  if (set.length > 1) {
    return `${set[1]}: set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES (${set.join(' and ')} are both set)`;
  }
  if (config.REDIS_SENTINELS && !config.REDIS_SENTINEL_NAME) {
    return 'REDIS_SENTINEL_NAME: required with REDIS_SENTINELS (the name the sentinels monitor the primary under)';
  }
  if (config.REDIS_SENTINEL_NAME && !config.REDIS_SENTINELS) {
    return "REDIS_SENTINELS: required with REDIS_SENTINEL_NAME (the sentinels' host:port list)";
  }
  if (config.REDIS_SENTINEL_PASSWORD && !config.REDIS_SENTINELS) {
    return 'REDIS_SENTINEL_PASSWORD: only with REDIS_SENTINELS';
  }
  if ((config.REDIS_PASSWORD || config.REDIS_USERNAME) && !set.length) {
    return `${config.REDIS_PASSWORD ? 'REDIS_PASSWORD' : 'REDIS_USERNAME'}: only with REDIS_SENTINELS or REDIS_CLUSTER_NODES`;
  }
  if ((config.REDIS_PASSWORD || config.REDIS_USERNAME) && config.REDIS_URL) {
    return `${config.REDIS_PASSWORD ? 'REDIS_PASSWORD' : 'REDIS_USERNAME'}: with REDIS_URL, put the credentials in the URL (redis://user:password@host:port)`;
  }
  return undefined;
}

/** Whether traces are recorded and exported (OpenTelemetry's variables; docs/operations.md). */
export function tracingEnabled(config: Config): boolean {
  if (config.OTEL_SDK_DISABLED || config.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(
    config.OTEL_TRACES_EXPORTER ||
      config.OTEL_EXPORTER_OTLP_ENDPOINT ||
      config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT,
  );
}

/**
 * The defaults, with overrides: for tests. The hosts tests call the gateway
 * by (`app.inject`'s `localhost:80`, a listening test server's 127.0.0.1,
 * the production names) are its public origins.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    LOG_LEVEL: 'silent',
    // Tests build many gateways: each management listener on a free port.
    MANAGEMENT_PORT: 0,
    // Test files sign the same demo accounts in by code many times: the code
    // budgets are the tests' own (code-budgets.test.ts sets them).
    CODE_LIMIT_RECIPIENT: 1000,
    CODE_LIMIT_ACCOUNT: 1000,
    PUBLIC_ORIGIN_BE: [
      'http://be.localhost:3000',
      'http://localhost',
      'http://127.0.0.1',
      'https://account.example.be',
    ],
    PUBLIC_ORIGIN_LU: ['http://lu.localhost:3000', 'https://account.example.lu'],
    ...overrides,
  };
}
