import { DEFAULT_PASSWORD_RULES, type PortalConfig, type Variant } from '@portal/contract';
import type { Config } from './config';

/** The host without its port, lower-cased. */
export function hostOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

export function variantOf(config: Config, hostHeader: string | undefined): Variant {
  return config.LU_HOSTS.includes(hostOf(hostHeader)) ? 'lu' : 'be';
}

export function portalConfig(config: Config, variant: Variant): PortalConfig {
  const lu = variant === 'lu';
  return {
    variant,
    languages: lu ? ['fr_LU', 'en_LU', 'de_LU'] : ['en', 'fr', 'nl'],
    defaultLanguage: lu ? 'fr_LU' : 'nl',
    fallbackLanguage: lu ? 'fr_LU' : 'en',
    passwordRules: { ...DEFAULT_PASSWORD_RULES },
    features: {
      captchaSiteKey: config.CAPTCHA_SITE_KEY || null,
      securityHistory: true,
      dealsSite: !lu,
    },
    maintenance: config.MAINTENANCE,
  };
}
