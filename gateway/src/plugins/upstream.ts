import { accountApi, type Variant } from '@portal/contract';
import {
  type ApiFetcherArgs,
  type AppRoute,
  ContractNoBody,
  initClient,
  isAppRouteOtherResponse,
} from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Dispatcher, Pool } from 'undici';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { variantOf } from '../variant';

interface StandardSchema {
  '~standard': {
    validate(value: unknown): { value?: unknown; issues?: readonly Issue[] } | Promise<unknown>;
  };
}
interface Issue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

const routeName = (route: AppRoute) => `${route.method} ${route.path}`;

function contractBreach(route: AppRoute, status: number, issue: unknown): GatewayError {
  return new GatewayError('upstream_contract', undefined, {
    route: routeName(route),
    status,
    issue,
  });
}

/** The answer's schema for this status, if the contract declares one. */
function schemaFor(route: AppRoute, status: number): StandardSchema | typeof ContractNoBody | null {
  const declared = route.responses[status];
  if (declared === undefined) return null;
  const schema = isAppRouteOtherResponse(declared) ? declared.body : declared;
  if (schema === ContractNoBody) return ContractNoBody;
  return schema && typeof schema === 'object' && '~standard' in schema
    ? (schema as StandardSchema)
    : null;
}

/** What the contract check needs of an upstream answer. */
interface RawAnswer {
  status: number;
  contentType: string;
  text(): Promise<string>;
  dump(): Promise<unknown>;
}

/**
 * The upstream answer's body, checked against the contract. A body that is not JSON
 * or not the declared shape is a broken contract: 502, logged with the route
 * and the issue. An undeclared status is left to ts-rest (`UnknownStatusError`).
 */
async function readAnswer(route: AppRoute, res: RawAnswer): Promise<unknown> {
  const { status } = res;
  const schema = schemaFor(route, status);
  if (schema === ContractNoBody || status === 204) {
    await res.dump();
    return undefined;
  }
  const text = await res.text();
  if (!schema) return text;
  if (!res.contentType.includes('json')) {
    throw contractBreach(route, status, `content-type ${res.contentType || 'missing'}, not JSON`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw contractBreach(route, status, 'body is not valid JSON');
  }
  const result = schema['~standard'].validate(json) as { value?: unknown; issues?: Issue[] };
  if (result.issues) {
    throw contractBreach(
      route,
      status,
      result.issues.map((i) => ({
        path: (i.path ?? [])
          .map((k) => (typeof k === 'object' && k !== null ? String(k.key) : String(k)))
          .join('.'),
        message: i.message,
      })),
    );
  }
  return result.value;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A transport failure as the browser should see it: timeout 504, anything else 502. */
function transportError(route: AppRoute, err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  const code = (err as { code?: string } | null)?.code;
  const detail = { route: routeName(route), cause: code ?? (err as Error | null)?.name };
  if (code && TIMEOUT_CODES.has(code)) {
    return new GatewayError('upstream_timeout', undefined, detail);
  }
  return new GatewayError('upstream_unavailable', undefined, detail);
}

type RawHeaders = Record<string, string | string[] | undefined>;

function toHeaders(raw: RawHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * An account-API client over a keep-alive connection pool (undici).
 * `UPSTREAM_TIMEOUT_MS` bounds the wait for the answer's headers and any
 * pause within its body (undici's own timers: no timer per request).
 */
function makeClient(baseUrl: string, timeoutMs: number) {
  const origin = new URL(baseUrl).origin;
  const pool = new Pool(origin, {
    connections: 128,
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const client = initClient(accountApi, {
    baseUrl,
    throwOnUnknownStatus: true,
    api: async (args: ApiFetcherArgs) => {
      try {
        const res = await pool.request({
          // ts-rest builds the whole URL from baseUrl; the pool already knows the origin.
          path: args.path.slice(origin.length),
          method: args.method as Dispatcher.HttpMethod,
          headers: args.headers,
          body: args.body as string | undefined,
        });
        const body = await readAnswer(args.route, {
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          text: () => res.body.text(),
          dump: () => res.body.dump(),
        });
        let headers: Headers | undefined;
        return {
          status: res.statusCode,
          body,
          // Built only when a route reads them (Retry-After, say).
          get headers() {
            headers ??= toHeaders(res.headers as RawHeaders);
            return headers;
          },
        };
      } catch (err) {
        throw transportError(args.route, err);
      }
    },
  });
  return Object.assign(client, { close: () => pool.close() });
}

export type UpstreamClient = ReturnType<typeof makeClient>;

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
    app.addHook('onClose', async () => {
      await Promise.all([app.upstreams.be.close(), app.upstreams.lu.close()]);
    });
    app.decorateRequest('variant', 'be');
    app.addHook('onRequest', (request, _reply, done) => {
      request.variant = variantOf(config, request.headers.host);
      done();
    });
  },
  { name: 'upstream' },
);

/** The client for this request's region. */
export function upstreamOf(request: FastifyRequest): UpstreamClient {
  return request.server.upstreams[request.variant];
}
