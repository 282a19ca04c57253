import { DEFAULT_PASSWORD_RULES, type PortalConfig, type Variant } from '@portal/contract';
import type { Config } from './config';

/** The locales a variant offers (docs/product.md part 1). */
export const variantLanguages = (variant: Variant): PortalConfig['languages'] =>
  variant === 'lu' ? ['fr_LU', 'en_LU', 'de_LU'] : ['en', 'fr', 'nl'];

export function portalConfig(config: Config, variant: Variant): PortalConfig {
  const lu = variant === 'lu';
  return {
    variant,
    languages: variantLanguages(variant),
    defaultLanguage: lu ? 'fr_LU' : 'nl',
    fallbackLanguage: lu ? 'fr_LU' : 'en',
    passwordRules: { ...DEFAULT_PASSWORD_RULES },
    features: {
      captchaSiteKey: config.CAPTCHA_SITE_KEY || null,
      securityHistory: true,
      dealsSite: !lu,
    },
    maintenance: config.MAINTENANCE,
    ...(config.WEB_SENTRY_DSN
      ? {
          errorReporting: {
            dsn: config.WEB_SENTRY_DSN,
            environment: config.SENTRY_ENVIRONMENT,
            sampleRate: config.SENTRY_SAMPLE_RATE,
            tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
          },
        }
      : {}),
  };
}
