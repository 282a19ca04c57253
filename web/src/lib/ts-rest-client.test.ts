import * as real from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import * as slim from './ts-rest-client';

/** The browser's fetch-only ts-rest must build the same requests as the real one. */
const route = {
  method: 'GET',
  path: '/api/mfa/:id/activate',
  responses: { 200: null, 204: real.ContractNoBody },
};
const post = { method: 'POST', path: '/api/token', responses: { 200: null } };
const clientArgs = {
  baseUrl: '',
  baseHeaders: { 'X-Device-ID': () => 'device-1', accept: 'application/json' },
  credentials: 'same-origin' as const,
};

const inputs = [
  { params: { id: -3 }, query: { target: 'a@b.be', edit: '1' } },
  { params: { id: 7 }, query: { list: ['x', 'y'], nested: { a: 1 }, none: undefined, nil: null } },
  { params: { id: 1 }, headers: { 'X-Extra': 'yes' }, extraHeaders: { 'x-request-id': 'r1' } },
];

describe('the slim ts-rest client', () => {
  it.each(inputs)('builds the URL and headers like ts-rest (%j)', (input) => {
    const mine = slim.evaluateFetchApiArgs(route, clientArgs, input);
    const theirs = real.evaluateFetchApiArgs(route as never, clientArgs as never, input as never);
    expect(mine.path).toBe(theirs.path);
    expect(mine.headers).toEqual(theirs.headers);
  });

  it.each([
    ['POST with a body', post, { body: { grant_type: 'password', username: 'a', password: 'b' } }],
    ['GET with a query', route, { params: { id: 2 }, query: { single: '1' } }],
  ] as const)('hands the fetcher the same request: %s', async (_name, r, input) => {
    const seen: unknown[] = [];
    const api = async (args: Record<string, unknown>) => {
      const { route: _route, ...rest } = args;
      seen.push(rest);
      return { status: 200, body: {}, headers: new Headers() };
    };
    await slim.fetchApi(slim.evaluateFetchApiArgs(r, { ...clientArgs, api } as never, input));
    await real.fetchApi(
      real.evaluateFetchApiArgs(r as never, { ...clientArgs, api } as never, input as never),
    );
    expect(seen[0]).toEqual(seen[1]);
  });

  it.each([
    [{ status: 200, body: {} }, false],
    [{ status: 401, body: {} }, true],
    [{ status: 503, body: { code: 'maintenance' } }, true],
    [new Error('network'), false],
  ])('tells error answers apart like ts-rest: %j', (answer, isError) => {
    expect(slim.isErrorResponse(answer)).toBe(isError);
    expect(real.isErrorResponse(answer)).toBe(isError);
  });

  it('inserts path params like ts-rest', () => {
    const cases: Record<string, string>[] = [{ id: '5' }, { id: '' }, { client_id: '101' }];
    for (const params of cases) {
      expect(slim.insertParamsIntoPath('/api/token/:client_id', params)).toBe(
        real.insertParamsIntoPath({ path: '/api/token/:client_id', params: params as never }),
      );
    }
  });
});
