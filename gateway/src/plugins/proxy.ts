import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import proxyAddr from 'proxy-addr';
import type { Config } from '../config';

/**
 * Whether a connection comes from a proxy `TRUST_PROXY` lists, by the same
 * rule Fastify applies to `X-Forwarded-For` (proxy-addr's `compile`). Only
 * such a hop may name the client, or the request id.
 */
export function trustedHop(config: Config): (address: string | undefined) => boolean {
  if (!config.TRUST_PROXY) return () => false;
  const trust = proxyAddr.compile(config.TRUST_PROXY);
  return (address) => address !== undefined && trust(address, 0);
}

/**
 * The key a client is rate-limited by: its IPv4 address, or the /64 of its
 * IPv6 address. One IPv6 host commonly holds a whole /64 (RFC 6177, SLAAC's
 * privacy addresses), so per address it would get 2^64 budgets.
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || !ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

/** At most this many addresses remembered as warned about (the oldest go first). */
const WARNED_MAX = 1000;

/**
 * The trap of a proxy the gateway does not trust (say TRUST_PROXY=127.0.0.1
 * behind a proxy on Docker's bridge, which connects from 172.17.0.1): every
 * client is then the proxy's one address, for the rate limits and the
 * account's security history. When `X-Forwarded-For` arrives from an address
 * TRUST_PROXY does not list, one warning names that address, once per
 * address (bounded), so the operator sees what to add
 * (docs/operations.md "Reverse proxy").
 */
export const proxyWarningPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const trusted = trustedHop(config);
    const warned = new LRUCache<string, true>({ max: WARNED_MAX });
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-forwarded-for'] !== undefined) {
        const address = request.socket.remoteAddress;
        if (address && !trusted(address) && !warned.has(address)) {
          warned.set(address, true);
          request.log.warn(
            { address },
            `X-Forwarded-For from ${address}, which TRUST_PROXY does not list: ignored (if it is your proxy, add it to TRUST_PROXY)`,
          );
        }
      }
      done();
    });
  },
  { name: 'proxy-warning' },
);
