/**
 * The calls an attacker would repeat, each class with its own budget per
 * client IP: guessing a password (`signIn`), sending or guessing a code
 * (`codes`: each sent code costs a message and invites SMS pumping), and
 * mining accounts through the forgotten password/username flows (`forgot`).
 */
export type RateLimitClass = 'signIn' | 'codes' | 'forgot';

export interface RouteMetadata {
  rateLimit?: RateLimitClass;
  /**
   * A pure read the page preloads (`<link rel=preload>`, which cannot carry a
   * header): the gateway does not ask it for `X-Device-ID`, only for a
   * same-origin `Sec-Fetch-Site`/`Origin` where present. It must send, start
   * and change nothing (docs/security.md, V3.5.3).
   */
  preloaded?: true;
}

/** A route's `metadata`: a pure read the first page preloads (see `RouteMetadata.preloaded`). */
export function preloadedRead() {
  return { preloaded: true } as const satisfies RouteMetadata;
}

/** Whether a route's metadata declares it a preloaded pure read. */
export function isPreloadedRead(route: { metadata?: unknown }): boolean {
  return (route.metadata as RouteMetadata | undefined)?.preloaded === true;
}

/** A route's `metadata`: it falls under the `kind` limit (the gateway reads it). */
export function rateLimited(kind: RateLimitClass) {
  return { rateLimit: kind } as const satisfies RouteMetadata;
}

/** The limit class a route's metadata declares, if any. */
export function rateLimitOf(route: { metadata?: unknown }): RateLimitClass | undefined {
  const metadata = route.metadata as RouteMetadata | undefined;
  return metadata?.rateLimit;
}
