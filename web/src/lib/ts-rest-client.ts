/**
 * The browser build's stand-in for `@ts-rest/core`, wired in by
 * `scripts/portal-api-plugin.ts`. `@ts-rest/react-query` needs only the fetch
 * side of ts-rest (building the URL, the headers and the body, then fetching);
 * the real package also carries a bundled copy of zod 3 for server-side
 * validation that cannot be tree-shaken and would cost 12 KB gzipped on the
 * first page. Behaviour matches ts-rest's client for JSON routes (the only
 * kind the portal API has; the plugin fails the build on another) and
 * `ts-rest-client.test.ts` checks it against the real package. Responses are
 * not validated in the browser (the gateway validates every answer).
 */

type Params = Record<string, unknown>;
type Headers = Record<string, string | undefined>;

export interface Route {
  method: string;
  path: string;
  responses: Record<string, unknown>;
  strictStatusCodes?: boolean;
}

export interface ClientArgs {
  baseUrl: string;
  baseHeaders?: Record<string, string | ((options: unknown) => string)>;
  api?: (args: FetcherArgs) => Promise<ClientResponse>;
  credentials?: RequestCredentials;
  throwOnUnknownStatus?: boolean;
  validateResponse?: boolean;
}

interface ClientResponse {
  status: number;
  body: unknown;
  headers: globalThis.Headers;
}

interface FetcherArgs {
  route: Route;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  rawBody: unknown;
  rawQuery: unknown;
  contentType: string | undefined;
  validateResponse?: boolean;
  fetchOptions: RequestInit;
}

interface FetchApiArgs {
  path: string;
  clientArgs: ClientArgs;
  route: Route;
  body: unknown;
  query: unknown;
  extraInputArgs: Params;
  headers: Headers;
  fetchOptions: RequestInit;
}

/** The marker of `c.noBody()`; the generated route table uses this one. */
export const ContractNoBody = Symbol('ContractNoBody');

export const isAppRoute = (obj: object): obj is Route => 'method' in obj && 'path' in obj;
export const isAppRouteQuery = (route: Route) => route.method === 'GET';

/** `/mfa/:id/activate` with `{id: '3'}` → `/mfa/3/activate` (optional params drop out). */
export function insertParamsIntoPath(path: string, params: Record<string, string>): string {
  return path.replace(/\/?:([^/?]+)\??/g, (matched, name: string) =>
    params[name] ? `${matched.startsWith('/') ? '/' : ''}${params[name]}` : '',
  );
}

/** qs-style pairs: arrays as `key[0]`, objects as `key[sub]`, dates in ISO, null as empty. */
function pairs(key: string, value: unknown): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pairs(`${key}[${i}]`, v));
  if (value instanceof Date) return [[key, value.toISOString()]];
  if (value === null) return [[key, '']];
  if (value === undefined) return [];
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => pairs(`${key}[${k}]`, v));
  }
  return [[key, String(value)]];
}

export function queryString(query: unknown): string {
  if (!query) return '';
  const qs = Object.entries(query as Params)
    .flatMap(([k, v]) => pairs(k, v))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return qs ? `?${qs}` : '';
}

export function evaluateFetchApiArgs(
  route: Route,
  clientArgs: ClientArgs,
  inputArgs?: Params,
): FetchApiArgs {
  const {
    query,
    params,
    body,
    headers,
    extraHeaders,
    overrideClientOptions,
    fetchOptions,
    cache,
    next,
    ...extraInputArgs
  } = (inputArgs ?? {}) as Params & {
    headers?: Headers;
    extraHeaders?: Headers;
    overrideClientOptions?: Partial<ClientArgs>;
    fetchOptions?: RequestInit;
    cache?: RequestCache;
  };
  const args = { ...clientArgs, ...overrideClientOptions };
  const stringParams =
    typeof params === 'object' && params !== null
      ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))
      : {};
  const path = insertParamsIntoPath(route.path, stringParams);
  const base =
    args.baseUrl.endsWith('/') && path.startsWith('/') ? args.baseUrl.slice(0, -1) : args.baseUrl;
  return {
    path: `${base}${path}${queryString(query)}`,
    clientArgs: args,
    route,
    body,
    query,
    extraInputArgs,
    fetchOptions: { ...(cache ? { cache } : {}), ...(next ? { next } : {}), ...fetchOptions },
    headers: { ...extraHeaders, ...headers },
  };
}

const lowerKeys = (headers: Headers) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

async function defaultFetcher(args: FetcherArgs): Promise<ClientResponse> {
  const res = await fetch(args.path, {
    ...args.fetchOptions,
    method: args.method,
    headers: args.headers,
    body: args.body,
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/') && type.includes('json')) {
    const noBody = args.route.responses[res.status] === ContractNoBody;
    return {
      status: res.status,
      body: noBody ? undefined : await res.json(),
      headers: res.headers,
    };
  }
  if (type.includes('text/'))
    return { status: res.status, body: await res.text(), headers: res.headers };
  return { status: res.status, body: await res.blob(), headers: res.headers };
}

export function fetchApi(options: FetchApiArgs): Promise<ClientResponse> {
  const { path, clientArgs, route, body, query, extraInputArgs, headers, fetchOptions } = options;
  const base = Object.fromEntries(
    Object.entries(clientArgs.baseHeaders ?? {}).map(([name, value]) => [
      name,
      typeof value === 'function' ? value(options) : value,
    ]),
  );
  const combined: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...lowerKeys(base), ...lowerKeys(headers) })) {
    if (v !== undefined) combined[k] = v;
  }
  let args: FetcherArgs = {
    route,
    path,
    method: route.method,
    headers: combined,
    body: undefined,
    rawBody: body,
    rawQuery: query,
    contentType: undefined,
    validateResponse: clientArgs.validateResponse,
    fetchOptions: {
      ...(clientArgs.credentials ? { credentials: clientArgs.credentials } : {}),
      ...fetchOptions,
    },
  };
  if (route.method !== 'GET' && body !== null && body !== undefined) {
    args = {
      ...args,
      contentType: 'application/json',
      headers: { 'content-type': 'application/json', ...args.headers },
      body: JSON.stringify(body),
    };
  }
  return (clientArgs.api ?? defaultFetcher)({ ...args, ...extraInputArgs });
}

export class UnknownStatusError extends Error {
  constructor(
    readonly response: ClientResponse,
    known: string[],
  ) {
    super(
      `Server returned unexpected response. Expected one of: ${known.join(',')} got: ${response.status}`,
    );
  }
}

export function getRouteQuery(route: Route, clientArgs: ClientArgs) {
  const known = Object.keys(route.responses);
  return async (inputArgs?: Params) => {
    const response = await fetchApi(evaluateFetchApiArgs(route, clientArgs, inputArgs));
    if (!clientArgs.throwOnUnknownStatus || known.includes(String(response.status)))
      return response;
    throw new UnknownStatusError(response, known);
  };
}

export function isResponse(response: unknown, route?: Route): response is ClientResponse {
  const r = response as ClientResponse | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    'status' in r &&
    'body' in r &&
    typeof r.status === 'number' &&
    r.status >= 200 &&
    r.status < 600 &&
    (route?.strictStatusCodes ? Object.keys(route.responses).includes(String(r.status)) : true)
  );
}

export const isSuccessResponse = (response: unknown, route?: Route) =>
  isResponse(response, route) && response.status < 300;

export const isErrorResponse = (response: unknown, route?: Route) =>
  isResponse(response, route) && !isSuccessResponse(response, route);

export const isUnknownErrorResponse = (response: unknown, route: Route) =>
  isErrorResponse(response) &&
  !Object.keys(route.responses).includes(String((response as ClientResponse).status));

export const exhaustiveGuard = (response: { status: number }): never => {
  throw new Error(`Unreachable code: Response status is ${response.status}`);
};

/** A plain client (no React): each route becomes an async function answering `{status, body}`. */
export function initClient(router: object, clientArgs: ClientArgs): object {
  return Object.fromEntries(
    Object.entries(router).map(([key, value]: [string, object]) => [
      key,
      isAppRoute(value) ? getRouteQuery(value, clientArgs) : initClient(value, clientArgs),
    ]),
  );
}
