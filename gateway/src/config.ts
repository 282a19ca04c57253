import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const hostList = z.string().transform((v) =>
  v
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** Every variable the gateway reads, with DESIGN.md's defaults. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  UPSTREAM_BE_URL: httpUrl.default('http://127.0.0.1:4010'),
  UPSTREAM_LU_URL: httpUrl.default('http://127.0.0.1:4011'),
  LU_HOSTS: hostList.default(['account.example.lu', 'lu.localhost']),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  MAINTENANCE: flag.default(false),
  /** Behind a TLS-terminating proxy: trust its X-Forwarded-* headers (for Secure cookies). */
  TRUST_PROXY: flag.default(false),
  /** Where the built web app lives; empty to serve no web app (API only). */
  WEB_DIST: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTCHA_SITE_KEY: z.string().default(''),
  /**
   * Rate limits per client IP and window: sign-in calls, calls that check or
   * send an MFA/e-mail/SMS code, and forgot-password/username calls.
   */
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_CODES: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_FORGOT: z.coerce.number().int().positive().default(30),
});

export type Config = z.infer<typeof Env>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(Env.shape).flatMap((k) => (env[k] === undefined ? [] : [[k, env[k]]])),
  );
  const result = Env.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid gateway configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

/** The defaults, with overrides: for tests. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), LOG_LEVEL: 'silent', ...overrides };
}
