import { KNOWN_SCOPES } from '@portal/contract';
import type { TFunction } from 'i18next';

type KnownScope = (typeof KNOWN_SCOPES)[number];
const isKnown = (scope: string): scope is KnownScope =>
  (KNOWN_SCOPES as readonly string[]).includes(scope);

/**
 * What a scope lets a third-party app do, in the user's language (docs/product.md part 2,
 * Access and Approve). A scope the portal does not know is shown by its name.
 */
export function scopeText(t: TFunction, scope: string): string {
  return isKnown(scope) ? t(`account.scopes.${scope}`) : t('account.scopes.other', { scope });
}
