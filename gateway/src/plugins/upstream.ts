import { accountApi, type Variant } from '@portal/contract';
import { initClient, tsRestFetchApi } from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { variantOf } from '../variant';

function makeClient(baseUrl: string, timeoutMs: number) {
  return initClient(accountApi, {
    baseUrl,
    validateResponse: true,
    throwOnUnknownStatus: true,
    api: async (args) => {
      try {
        return await tsRestFetchApi({
          ...args,
          fetchOptions: { ...args.fetchOptions, signal: AbortSignal.timeout(timeoutMs) },
        });
      } catch (err) {
        throw toUpstreamError(err);
      }
    },
  });
}

export type UpstreamClient = ReturnType<typeof makeClient>;

function toUpstreamError(err: unknown): unknown {
  if (err instanceof GatewayError) return err;
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new GatewayError('upstream_timeout');
  // A SyntaxError is a body that is not JSON: the upstream broke the contract.
  if (err instanceof SyntaxError)
    return new GatewayError('upstream_contract', 'Malformed upstream answer.');
  if (err instanceof TypeError) return new GatewayError('upstream_unavailable');
  return err;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The variant of this request's Host. */
    variant: Variant;
  }
  interface FastifyInstance {
    upstreams: Record<Variant, UpstreamClient>;
  }
}

/**
 * One account-API client per region. The upstream is picked from a fixed map by
 * the request's Host, never from a URL the request carries.
 */
export const upstreamPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('upstreams', {
      be: makeClient(config.UPSTREAM_BE_URL, config.UPSTREAM_TIMEOUT_MS),
      lu: makeClient(config.UPSTREAM_LU_URL, config.UPSTREAM_TIMEOUT_MS),
    });
    app.decorateRequest('variant', 'be');
    app.addHook('onRequest', async (request) => {
      request.variant = variantOf(config, request.headers.host);
    });
  },
  { name: 'upstream' },
);

/** The client for this request's region. */
export function upstreamOf(request: FastifyRequest): UpstreamClient {
  return request.server.upstreams[request.variant];
}
