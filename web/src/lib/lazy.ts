import { type ComponentProps, type ComponentType, createElement, use } from 'react';
import { ensureNamespaces, type Namespace } from '../i18n/i18n';

/** A screen that loads on demand, and can be asked to load before it is shown. */
// biome-ignore lint/suspicious/noExplicitAny: a screen with any props
type AnyScreen = ComponentType<any>;

export type LazyScreen<C extends AnyScreen> = ComponentType<ComponentProps<C>> & {
  /** Loads the screen's code and texts; resolves to the screen's component. */
  preload: () => Promise<C>;
  /** Starts loading the screen's code alone: before the texts' language is known. */
  fetchCode: () => Promise<unknown>;
};

/**
 * A screen loaded on demand (docs/product.md part 2), together with the text namespaces
 * it uses beyond `common` and `signin` (`account`, `flows`), so that it never
 * renders before its texts are there.
 *
 * Like `React.lazy`, but the load is one promise that records how it settled
 * (the thenable protocol React's `use` reads): a screen whose code has already
 * arrived, preloaded (`preload()`, the sign-in page at start-up) or shown
 * before, renders at once instead of showing the loading indicator for a frame.
 */
export function lazyScreen<C extends AnyScreen>(
  load: () => Promise<{ default: C }>,
  namespaces: readonly Namespace[] = [],
): LazyScreen<C> {
  let loading: Promise<C> | null = null;
  const preload = () => {
    if (!loading) {
      const promise = Promise.all([load(), ensureNamespaces(namespaces)]).then(
        ([screen]) => screen.default,
      );
      // How it settled, in the fields React's `use` reads (its thenable protocol).
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        // As with `React.lazy`, a failed load stays failed: the error reaches the error boundary.
        (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
      );
      loading = promise;
    }
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen when its module loads, as React.lazy is
  function Screen(props: ComponentProps<C>) {
    return createElement(use(preload()) as ComponentType<ComponentProps<C>>, props);
  }
  // The browser keeps a module once fetched: `preload()` later finds it there.
  const fetchCode = () => load().catch(() => undefined);
  return Object.assign(Screen, { preload, fetchCode });
}
