import { z } from 'zod';
import { c } from './c';
import { preloadedRead } from './rate-limits';

export const Variant = z.enum(['be', 'lu']);
export type Variant = z.infer<typeof Variant>;

/** UI locales (docs/product.md part 1): BE en, fr, nl; LU fr_LU, en_LU, de_LU. */
export const Locale = z.enum(['en', 'fr', 'nl', 'fr_LU', 'en_LU', 'de_LU']);
export type Locale = z.infer<typeof Locale>;

export const PasswordRules = z.object({
  minLength: z.number().int(),
  minLetters: z.number().int(),
  minNumbers: z.number().int(),
  minSpecial: z.number().int(),
});
export type PasswordRules = z.infer<typeof PasswordRules>;

export const PortalConfig = z.object({
  variant: Variant,
  languages: z.array(Locale),
  /** The variant's default language (docs/product.md part 1: nl on BE, fr_LU on LU). */
  defaultLanguage: Locale,
  /** Used at start-up when the browser's language is not allowed (docs/product.md part 1: en on BE). */
  fallbackLanguage: Locale,
  passwordRules: PasswordRules,
  features: z.object({
    captchaSiteKey: z.string().nullable(),
    securityHistory: z.boolean(),
    dealsSite: z.boolean(),
  }),
  maintenance: z.boolean(),
  /**
   * Error reporting in the browser (docs/product.md part 7 and 9): present only when the
   * operator configured a DSN; the web app then loads the SDK, never before.
   */
  errorReporting: z
    .object({
      dsn: z.string(),
      environment: z.string(),
      sampleRate: z.number().min(0).max(1),
      tracesSampleRate: z.number().min(0).max(1),
    })
    .optional(),
});
export type PortalConfig = z.infer<typeof PortalConfig>;

export const configPortal = c.router({
  getConfig: {
    method: 'GET',
    metadata: preloadedRead(),
    path: '/config',
    summary: 'The variant of this host, its languages, password rules and feature flags',
    responses: { 200: PortalConfig },
  },
});
