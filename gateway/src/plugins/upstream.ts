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
import { bodySchemaOf, check } from '../answers';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { variantOf } from '../variant';

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

/** Whether the contract declares this status without a body. */
function declaredEmpty(route: AppRoute, status: number): boolean {
  const declared = route.responses[status];
  if (declared === undefined) return false;
  return (isAppRouteOtherResponse(declared) ? declared.body : declared) === ContractNoBody;
}

/**
 * The upstream answer's body, checked against the contract. A body that is not JSON
 * or not the declared shape is a broken contract: 502, logged with the route
 * and the issue. An undeclared status is left to ts-rest (`UnknownStatusError`).
 */
function readAnswer(route: AppRoute, raw: RawAnswer): unknown {
  const { status } = raw;
  if (status === 204 || declaredEmpty(route, status)) return undefined;
  const schema = bodySchemaOf(route, status);
  const text = raw.text();
  if (!schema) return text;
  const contentType = raw.header('content-type') ?? '';
  if (!contentType.includes('json')) {
    throw contractBreach(route, status, `content-type ${contentType || 'missing'}, not JSON`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw contractBreach(route, status, 'body is not valid JSON');
  }
  const result = check(schema, json);
  if (result.issues) {
    throw contractBreach(
      route,
      status,
      (result.issues as readonly Issue[]).map((i) => ({
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
  if (code === 'ANSWER_TOO_LARGE') {
    const { status } = err as { status: number };
    return contractBreach(route, status, `answer larger than ${MAX_ANSWER_BYTES} bytes`);
  }
  const detail = { route: routeName(route), cause: code ?? (err as Error | null)?.name };
  if (code && TIMEOUT_CODES.has(code)) {
    return new GatewayError('upstream_timeout', undefined, detail);
  }
  return new GatewayError('upstream_unavailable', undefined, detail);
}

/** An answer larger than this is not an account-API answer: refused, not buffered. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One upstream exchange as undici's dispatcher sees it: the answer's status,
 * raw header lines and body bytes, collected with no stream, no async
 * resource and no header object per call. undici's `request()` builds all
 * three for every answer; without them the gateway's CPU per call dropped by
 * about a tenth (the CPU figures of `pnpm bench`).
 */
class RawAnswer implements Dispatcher.DispatchHandler {
  status = 0;
  private lines: Buffer[] = [];
  private chunks: Buffer[] = [];
  private size = 0;
  private abort: ((err?: Error) => void) | undefined = undefined;
  constructor(private readonly settle: (err: Error | null, answer?: RawAnswer) => void) {}

  onConnect(abort: (err?: Error) => void) {
    this.abort = abort;
  }
  onHeaders(status: number, lines: Buffer[]): boolean {
    // 1xx informational answers come before the real one.
    if (status < 200) return true;
    this.status = status;
    this.lines = lines;
    return true;
  }
  onData(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > MAX_ANSWER_BYTES) {
      const err = Object.assign(new Error('answer too large'), {
        code: 'ANSWER_TOO_LARGE',
        status: this.status,
      });
      this.abort?.(err);
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }
  onComplete() {
    this.settle(null, this);
  }
  onError(err: Error) {
    this.settle(err);
  }

  text(): string {
    const { chunks } = this;
    if (chunks.length === 1) return (chunks[0] as Buffer).toString('utf8');
    return Buffer.concat(chunks).toString('utf8');
  }
  /** One header's value (the last line of that name), or undefined. */
  header(name: string): string | undefined {
    let value: string | undefined;
    const { lines } = this;
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const key = lines[i] as Buffer;
      if (key.length === name.length && key.toString('latin1').toLowerCase() === name) {
        value = (lines[i + 1] as Buffer).toString('latin1');
      }
    }
    return value;
  }
  /** Every header, for a route that reads them (Retry-After, say). */
  headers(): Headers {
    const headers = new Headers();
    const { lines } = this;
    for (let i = 0; i + 1 < lines.length; i += 2) {
      headers.append(
        (lines[i] as Buffer).toString('latin1'),
        (lines[i + 1] as Buffer).toString('latin1'),
      );
    }
    return headers;
  }
}

/** An upstream answer: status, checked body, and headers built only when a route reads them. */
class UpstreamAnswer {
  private built: Headers | undefined = undefined;
  constructor(
    readonly status: number,
    readonly body: unknown,
    private readonly raw: RawAnswer,
  ) {}
  get headers(): Headers {
    this.built ??= this.raw.headers();
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
      const raw = await new Promise<RawAnswer>((resolve, reject) => {
        pool.dispatch(
          {
            path: prefix + pathOf(route, args),
            method: route.method as Dispatcher.HttpMethod,
            headers,
            body,
          },
          new RawAnswer((err, answer) => (err ? reject(err) : resolve(answer as RawAnswer))),
        );
      });
      response = new UpstreamAnswer(raw.status, readAnswer(route, raw), raw);
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
