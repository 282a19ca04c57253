/**
 * The calls an attacker would repeat, each class with its own budget per
 * client IP: guessing a password (`signIn`), sending or guessing a code
 * (`codes`: each sent code costs a message and invites SMS pumping), and
 * mining accounts through the forgotten password/username flows (`forgot`).
 */
export type RateLimitClass = 'signIn' | 'codes' | 'forgot';

export interface RouteMetadata {
  rateLimit?: RateLimitClass;
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
