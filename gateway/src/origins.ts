import type { Variant } from '@portal/contract';
import type { Config } from './config';

/** One origin the portal is served at, as configured (`PUBLIC_ORIGIN_BE`/`_LU`). */
export interface PublicOrigin {
  variant: Variant;
  /** `https://account.example.be` */
  origin: string;
  url: URL;
  https: boolean;
}

export function publicOrigins(config: Config): PublicOrigin[] {
  const of = (variant: Variant, list: string[]) =>
    list.map((origin) => {
      const url = new URL(origin);
      return { variant, origin: url.origin, url, https: url.protocol === 'https:' };
    });
  return [...of('be', config.PUBLIC_ORIGIN_BE), ...of('lu', config.PUBLIC_ORIGIN_LU)];
}

/** The host without its port, lower-cased. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

/**
 * The configured origin a Host header names: the one with the same host and
 * port, else the one with the same name (a proxy may rewrite the port).
 * Undefined when it names none: such a request is not ours to serve.
 */
export function originOfHost(
  origins: readonly PublicOrigin[],
  hostHeader: string | undefined,
): PublicOrigin | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.toLowerCase();
  const exact = origins.find((o) => o.url.host === host);
  if (exact) return exact;
  const name = hostnameOf(host);
  return origins.find((o) => o.url.hostname === name);
}

/**
 * The session cookie's Domain (DESIGN.md): the origin's host without its
 * leading `account.`, shared with the provider's sibling platforms; host-only
 * on localhost, *.localhost and IP addresses.
 */
export function cookieDomainOf(origin: PublicOrigin): string | undefined {
  const host = origin.url.hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return undefined;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return host.startsWith('account.') ? host.slice('account.'.length) : host;
}
