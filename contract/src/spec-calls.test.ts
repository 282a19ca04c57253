import type { AppRoute, AppRouter } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountApi, portalApi } from './index';

function routesOf(router: AppRouter): AppRoute[] {
  return Object.values(router).flatMap((r) =>
    'method' in r && typeof r.method === 'string' ? [r as AppRoute] : routesOf(r as AppRouter),
  );
}

/** Every call of docs/product.md part 7, as `METHOD path` with ts-rest's `:param` syntax. */
const SPEC_CALLS = [
  'GET /user',
  'GET /mfa',
  'GET /mfa/status',
  'GET /mfa/sudo',
  'POST /mfa/sudo',
  'POST /mfa/switch-primary/:id',
  'DELETE /mfa/:id',
  'POST /mfa/regenerate-recovery',
  'POST /token',
  'DELETE /token',
  'DELETE /token/:client_id',
  'GET /tokens',
  'GET /authorize',
  'POST /authorize',
  'POST /user/forgot-password',
  'POST /user/reset-password',
  'GET /mfa/:id/activate',
  'POST /mfa/activate',
  'POST /fuzzion',
  'POST /mfa/fuzzion',
  'POST /user/login',
  'POST /user/login/confirm',
  'POST /user/link-account',
];

const account = routesOf(accountApi);
const portal = routesOf(portalApi);
const key = (r: AppRoute) => `${r.method} ${r.path}`;

/** The JSON Schema of a response as text ('' for ts-rest's no-body symbol). */
function jsonSchemaText(schema: unknown): string {
  if (!(schema instanceof z.ZodType)) return '';
  return JSON.stringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
}

it('the access_token check can see a token in a schema', () => {
  expect(jsonSchemaText(accountApi.auth.createToken.responses[200])).toContain('access_token');
});

describe('account API', () => {
  it.each(SPEC_CALLS)('has the spec call %s', (call) => {
    expect(account.map(key)).toContain(call);
  });

  it('documents every route with a summary and declares its error answers', () => {
    for (const route of account) {
      expect(route.summary, key(route)).toBeTruthy();
      expect(Object.keys(route.responses).length, key(route)).toBeGreaterThan(0);
    }
  });
});

describe('portal API', () => {
  it('puts every browser call under /api', () => {
    for (const route of portal) expect(route.path.startsWith('/api/'), key(route)).toBe(true);
  });

  it('never lets an access_token reach the browser', () => {
    for (const route of portal) {
      for (const [status, schema] of Object.entries(route.responses)) {
        const shape = jsonSchemaText(schema);
        expect(shape, `${key(route)} ${status}`).not.toContain('access_token');
      }
    }
  });

  it("never hands the browser the account API's second-factor challenge or merge offer", () => {
    // With a code, a challenge opens a session: it stays in the sign-in's (or the merge's)
    // flow on the gateway, whichever door started it (docs/flows.md).
    const handle = /"(mfa|fuzzion)":\{"type":"object"/;
    expect(jsonSchemaText(accountApi.partner.linkAccount.responses[401])).toMatch(handle);
    for (const route of portal) {
      for (const [status, schema] of Object.entries(route.responses)) {
        expect(jsonSchemaText(schema), `${key(route)} ${status}`).not.toMatch(handle);
      }
    }
  });
});
