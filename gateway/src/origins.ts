import type { Variant } from '@portal/contract';
import type { Config } from './config';

/** One origin the portal is served at, as configured (`PUBLIC_ORIGIN_BE`/`_LU`). */
export interface PublicOrigin {
  variant: Variant;
  /** `https://account.example.be` */
  origin: string;
  url: URL;
  https: boolean;
  /** Its passkeys' relying-party id: `WEBAUTHN_RP_ID`, or the origin's own domain. */
  rpId: string;
}

export function publicOrigins(config: Config): PublicOrigin[] {
  const of = (variant: Variant, list: string[]) =>
    list.map((origin) => {
      const url = new URL(origin);
      const rpId = config.WEBAUTHN_RP_ID ?? ownDomain(url.hostname);
      return { variant, origin: url.origin, url, https: url.protocol === 'https:', rpId };
    });
  return [...of('be', config.PUBLIC_ORIGIN_BE), ...of('lu', config.PUBLIC_ORIGIN_LU)];
}

/**
 * The configured origin a Host header names exactly, port included (the
 * default port of the scheme may be left out, as browsers do). Undefined when
 * it names none: such a request is not ours to serve (docs/security.md). A proxy in
 * front must pass the public Host on, or the origin be configured as the
 * proxy forwards it.
 */
export function originOfHost(
  origins: readonly PublicOrigin[],
  hostHeader: string | undefined,
): PublicOrigin | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.toLowerCase();
  return origins.find(
    (o) => o.url.host === host || (o.url.port === '' && `${o.url.host}:${defaultPort(o)}` === host),
  );
}

/** A host without its leading `account.` (`account.example.be` → `example.be`). */
export function ownDomain(host: string): string {
  return host.startsWith('account.') ? host.slice('account.'.length) : host;
}

const defaultPort = (o: PublicOrigin) => (o.https ? '443' : '80');

/**
 * The session cookie's Domain (docs/decisions/0003-shared-cookie-domain.md): the origin's host without its
 * leading `account.`, shared with the provider's sibling platforms; host-only
 * on localhost, *.localhost and IP addresses.
 */
export function cookieDomainOf(origin: PublicOrigin): string | undefined {
  const host = origin.url.hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return undefined;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return ownDomain(host);
}
