import { accountApi, type Variant } from '@portal/contract';
import {
  type AppRoute,
  type AppRouter,
  ContractNoBody,
  convertQueryParamsToUrlString,
  type InitClientReturn,
  insertParamsIntoPath,
  isAppRoute,
  isAppRouteOtherResponse,
  UnknownStatusError,
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
 * An upstream answer: status, checked body, and headers built only when a route
 * reads them (Retry-After, say). A class rather than an object literal with a
 * getter: the closure such a getter needs kept the whole undici answer alive and
 * cost a quarter of the gateway's CPU per call (`pnpm bench`).
 */
class UpstreamAnswer {
  private built: Headers | undefined = undefined;
  constructor(
    readonly status: number,
    readonly body: unknown,
    private readonly raw: RawHeaders,
  ) {}
  get headers(): Headers {
    this.built ??= toHeaders(this.raw);
    return this.built;
  }
}

/** What a route passes to an account-API call: ts-rest's client arguments. */
interface CallArgs {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  extraHeaders?: Record<string, string | undefined>;
}

/** The path with its `:params` filled in and the query string appended. */
function pathOf(route: AppRoute, args: CallArgs): string {
  const params = args.params;
  const path = params
    ? insertParamsIntoPath({
        path: route.path,
        params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      })
    : route.path;
  return args.query ? `${path}${convertQueryParamsToUrlString(args.query)}` : path;
}

/** The request body as sent: form-encoded where the contract says so, else JSON. */
function encodeBody(route: AppRoute, headers: Record<string, string>, body: unknown) {
  if (route.method === 'GET' || body === undefined || body === null) return undefined;
  if ('contentType' in route && route.contentType === 'application/x-www-form-urlencoded') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  headers['content-type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * An account-API client over a keep-alive connection pool (undici), with
 * ts-rest's client interface and types (`client.profile.getUser({...})`) but
 * not its per-call machinery: a request is one path, one header object, one
 * undici call, and the answer checked against the contract. Measured with
 * `pnpm bench`, ts-rest's own client cost a fifth of the gateway's CPU per
 * call and most of its memory under load.
 * `UPSTREAM_TIMEOUT_MS` bounds the wait for the answer's headers and any
 * pause within its body (undici's own timers: no timer per request).
 */
function makeClient(baseUrl: string, timeoutMs: number) {
  const url = new URL(baseUrl);
  // A base URL may carry a path prefix (`https://api.example.be/v2`).
  const prefix = url.pathname.replace(/\/$/, '');
  const pool = new Pool(url.origin, {
    connections: 128,
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  async function call(route: AppRoute, args: CallArgs = {}) {
    const headers: Record<string, string> = {};
    for (const given of [args.extraHeaders, args.headers]) {
      if (!given) continue;
      for (const name in given) {
        const value = given[name];
        if (value !== undefined) headers[name.toLowerCase()] = value;
      }
    }
    const body = encodeBody(route, headers, args.body);
    let response: UpstreamAnswer;
    try {
      const res = await pool.request({
        path: prefix + pathOf(route, args),
        method: route.method as Dispatcher.HttpMethod,
        headers,
        body,
      });
      const answer = await readAnswer(route, {
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        text: () => res.body.text(),
        dump: () => res.body.dump(),
      });
      response = new UpstreamAnswer(res.statusCode, answer, res.headers as RawHeaders);
    } catch (err) {
      throw transportError(route, err);
    }
    if (!(response.status in route.responses)) {
      throw new UnknownStatusError(response, Object.keys(route.responses));
    }
    return response;
  }

  type Tree = { [key: string]: Tree | ((args?: CallArgs) => ReturnType<typeof call>) };
  const mirror = (router: AppRouter): Tree =>
    Object.fromEntries(
      Object.entries(router).map(([key, entry]) => [
        key,
        isAppRoute(entry) ? (args?: CallArgs) => call(entry, args) : mirror(entry),
      ]),
    );
  const client = mirror(accountApi) as unknown as InitClientReturn<
    typeof accountApi,
    { baseUrl: string; throwOnUnknownStatus: true }
  >;
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
