import type { Locale, PortalConfig } from '@portal/contract';
import { deviceId } from './device';

/**
 * The variant's runtime configuration (`GET /api/config`), read once at
 * start-up. It is checked by hand rather than with the contract's zod schema
 * so that the entry chunk stays free of zod (bundle budget of /login/email).
 */
let current: PortalConfig | null = null;

const LOCALES: readonly Locale[] = ['en', 'fr', 'nl', 'fr_LU', 'en_LU', 'de_LU'];
const isLocale = (v: unknown): v is Locale => LOCALES.includes(v as Locale);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/** The config as the gateway sent it, or null when it is not one. */
export function parseConfig(json: unknown): PortalConfig | null {
  const c = json as Partial<PortalConfig> | null;
  if (!c || (c.variant !== 'be' && c.variant !== 'lu')) return null;
  if (!Array.isArray(c.languages) || !c.languages.every(isLocale) || c.languages.length === 0) {
    return null;
  }
  if (!isLocale(c.defaultLanguage) || !isLocale(c.fallbackLanguage)) return null;
  const rules = c.passwordRules;
  if (
    !rules ||
    ![rules.minLength, rules.minLetters, rules.minNumbers, rules.minSpecial].every(isInt)
  ) {
    return null;
  }
  const f = c.features;
  if (!f || typeof f.securityHistory !== 'boolean' || typeof f.dealsSite !== 'boolean') return null;
  if (f.captchaSiteKey !== null && typeof f.captchaSiteKey !== 'string') return null;
  return { ...(c as PortalConfig), maintenance: c.maintenance === true };
}

export type ConfigResult =
  | { kind: 'ok'; config: PortalConfig }
  | { kind: 'maintenance'; config: PortalConfig | null }
  | { kind: 'unavailable' };

/** Fetches the config; a 503 or `maintenance: true` means the maintenance screen. */
export async function loadConfig(): Promise<ConfigResult> {
  try {
    // Every /api call carries the device header, this one too (the gateway's CSRF rule).
    const res = await fetch('/api/config', {
      headers: { accept: 'application/json', 'x-device-id': deviceId() },
    });
    if (!res.ok) {
      // Loaded only when the config fails: the first page does without it (bundle budget).
      const { errorOf } = await import('./errors');
      const answer = { status: res.status, body: await res.json().catch(() => null) };
      return errorOf(answer).kind === 'maintenance'
        ? { kind: 'maintenance', config: null }
        : { kind: 'unavailable' };
    }
    const config = parseConfig(await res.json());
    if (!config) return { kind: 'unavailable' };
    current = config;
    return config.maintenance ? { kind: 'maintenance', config } : { kind: 'ok', config };
  } catch {
    return { kind: 'unavailable' };
  }
}

/** For tests and start-up: the config every screen reads. */
export function setConfig(config: PortalConfig): void {
  current = config;
}

/**
 * The server's renders: several run at once in one thread, each for its own
 * variant, so each reads the config of its own render (`entry-server.tsx`
 * keeps it in an AsyncLocalStorage) rather than this module's.
 */
let scoped: (() => PortalConfig | undefined) | null = null;
export function scopeConfig(read: () => PortalConfig | undefined): void {
  scoped = read;
}

/** The variant's config; start-up loads it before anything renders. */
export function getConfig(): PortalConfig {
  const config = maybeConfig();
  if (!config) throw new Error('the portal config is not loaded yet');
  return config;
}

/** The config, or null before start-up loaded it (tests that render a lone screen). */
export function maybeConfig(): PortalConfig | null {
  return scoped?.() ?? current;
}
