import { type ComponentType, lazy } from 'react';
import { ensureNamespaces, type Namespace } from '../i18n/i18n';

/**
 * A screen loaded on demand (spec part 2), together with the text namespaces
 * it uses beyond `common` and `signin` (`account`, `flows`), so that it never
 * renders before its texts are there.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly Namespace[] = [],
) {
  return lazy(async () => {
    const [screen] = await Promise.all([load(), ensureNamespaces(namespaces)]);
    return screen;
  });
}
