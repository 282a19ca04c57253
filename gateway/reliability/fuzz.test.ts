// Property-based fuzzing of every portal operation, generated from the
// contract (`portalApi`): for each one, valid and broken path segments, query
// and body (arbitraries from its zod schemas, see arbitraries.ts) against a
// gateway wired to the real mock upstreams, with a signed-in session.
//
// Properties: no answer is a 5xx; every 400 says what was wrong (a code and a
// message, and a `validation` 400 names each wrong field under `params.`,
// `query.` or `body.`); an input with one broken field gets a 400 naming that
// field. The table it prints: per operation, the valid cases sent, how many
// the schema itself accepts (JSON Schema cannot carry every refinement), how
// many of those a rule outside the schema refused (a variant's languages), the
// broken cases, and the answers by status.
//
// RELIABILITY_FUZZ_RUNS (default 20) sets the cases per operation and kind.
import { portalApi } from '@portal/contract';
import { type AppRoute, type AppRouter, isAppRoute } from '@ts-rest/core';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { browserHeaders, signIn, testStack } from '../src/test-helpers';
import { type Broken, invalidOf, type JsonSchema, jsonSchemaOf, validOf } from './arbitraries';

const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 20);
const UNLIMITED = {
  RATE_LIMIT_SIGN_IN: 1e6,
  RATE_LIMIT_CODES: 1e6,
  RATE_LIMIT_FORGOT: 1e6,
  // The code sends' budgets too (plugins/code-budgets.ts): every case is sent, none refused 429.
  CODE_LIMIT_RECIPIENT: 1e6,
  CODE_LIMIT_ACCOUNT: 1e6,
  CODE_LIMIT_FOREIGN_SMS: 1e6,
  CODE_LIMIT_FOREIGN_SMS_TOTAL: 1e6,
};

type Part = 'params' | 'query' | 'body';
interface Operation {
  route: AppRoute;
  name: string;
  parts: Partial<Record<Part, { zod: z.ZodType; json: JsonSchema }>>;
}

function operations(router: AppRouter): Operation[] {
  return Object.values(router).flatMap((node) => {
    if (!isAppRoute(node)) return operations(node as AppRouter);
    const parts: Operation['parts'] = {};
    const schemas: Record<Part, unknown> = {
      params: node.pathParams,
      query: node.query,
      // `c.noBody()` is a symbol; a GET has none.
      body: 'body' in node ? node.body : undefined,
    };
    for (const [part, zod] of Object.entries(schemas) as [Part, z.ZodType][]) {
      if (zod && typeof zod === 'object') parts[part] = { zod, json: jsonSchemaOf(zod) };
    }
    return [{ route: node, name: `${node.method} ${node.path}`, parts }];
  });
}

/** How a query value or path segment travels: text. */
/**
 * The longest URL sent. Through HTTP, the gateway's own server refuses a
 * request head over 16 KB (431) before any route runs; `inject` has no such
 * limit, so the fuzz stays within what reaches a route over HTTP with room for
 * the headers: 8 KB, the common proxy limit (nginx's large header buffers).
 */
const MAX_URL = 8192;

/**
 * Whether the request can travel as generated: within MAX_URL, and no path
 * segment `.` or `..` (a URL's dot segments, which every client resolves
 * away, escaped or not, before a request is sent).
 */
const sendable = (route: AppRoute, input: Input) =>
  url(route, input).length <= MAX_URL &&
  Object.values(wireMap(input.params)).every((v) => v !== '.' && v !== '..');

const wire = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const wireMap = (value: unknown) =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, wire(v)]),
  );

/**
 * The values each part is checked against, as the gateway receives them: a
 * path parameter left out is an empty segment.
 */
function onTheWire(part: Part, value: unknown, schema: JsonSchema): unknown {
  if (part === 'body') return value;
  const map = wireMap(value);
  if (part === 'params') for (const key of schema.required ?? []) map[key] ??= '';
  return map;
}

type Input = Partial<Record<Part, unknown>>;

/**
 * Whether the schema refuses the broken value for the field that was broken:
 * that field's own schema refuses it (a transform may make a value valid
 * after all, say an upper-casing before a pattern), so the 400 must name it,
 * whatever rule of the object as a whole also fails. For a union (field is
 * the part itself) or a schema without a shape, the schema as a whole.
 */
function refuses(schema: z.ZodType, wireValue: unknown, field: string, part: Part): boolean {
  if (schema.safeParse(wireValue).success) return false;
  const key = field.slice(part.length + 1);
  if (!key) return true;
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  const property = shape?.[key];
  if (!property) return true;
  return !property.safeParse((wireValue as Record<string, unknown>)[key]).success;
}

function url(route: AppRoute, input: Input) {
  const params = wireMap(input.params);
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const query = new URLSearchParams(wireMap(input.query)).toString();
  return query ? `${path}?${query}` : path;
}

interface Tally {
  valid: number;
  accepted: number;
  /** Accepted by the schema, refused by a rule it cannot express (a variant's languages, say). */
  refusedByRule: number;
  invalid: number;
  statuses: Record<number, number>;
}
const tallies = new Map<string, Tally>();

const ISSUE_PATH = /^(params|query|body|headers)(\.|$)/;

function checkAnswer(name: string, input: Input, res: LightMyRequestResponse) {
  const context = `${name} ${JSON.stringify(input).slice(0, 400)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode !== 400) return undefined;
  const body = res.json();
  expect(body.code, context).toEqual(expect.any(String));
  expect(body.message, context).toEqual(expect.stringMatching(/\S/));
  if (body.code === 'validation') {
    expect(body.issues.length, context).toBeGreaterThan(0);
    for (const issue of body.issues) expect(issue.path, context).toMatch(ISSUE_PATH);
  }
  return body as { code: string; issues?: { path: string }[] };
}

const all = operations(portalApi);

describe('fuzzing every portal operation from the contract', () => {
  afterAll(() => {
    const rows = [...tallies].map(([name, t]) => {
      const statuses = Object.entries(t.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      const counts = [t.valid, t.accepted, t.refusedByRule, t.invalid].map((n, i) =>
        String(n).padStart([5, 8, 7, 7][i] ?? 0),
      );
      return `${name.padEnd(36)} ${counts.join(' ')}  ${statuses}`;
    });
    const total = [...tallies.values()].reduce((n, t) => n + t.valid + t.invalid, 0);
    console.log(
      [
        `fuzz: ${tallies.size} operations, ${total} requests`,
        `${'operation'.padEnd(36)} valid accepted by-rule invalid  answers (status×count)`,
        ...rows,
      ].join('\n'),
    );
  });

  it('covers all the contract operations', () => {
    expect(all.length).toBeGreaterThanOrEqual(56);
  });

  it.each(all.map((op) => [op.name, op] as const))('%s', async (name, op) => {
    const stack = await testStack({ scope: 'caller', config: UNLIMITED });
    try {
      const token = await signIn(stack);
      const tally: Tally = { valid: 0, accepted: 0, refusedByRule: 0, invalid: 0, statuses: {} };
      tallies.set(name, tally);
      const send = async (input: Input) => {
        const hasBody = 'body' in input;
        const { 'content-type': _type, ...headers } = browserHeaders(stack);
        const res = await stack.gateway.inject({
          method: op.route.method,
          url: url(op.route, input),
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          cookies: { access_token: token },
          ...(hasBody ? { payload: JSON.stringify(input.body) } : {}),
        });
        tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
        return res;
      };
      const parts = Object.entries(op.parts) as [Part, { zod: z.ZodType; json: JsonSchema }][];
      const valid = fc
        .record(Object.fromEntries(parts.map(([part, { json }]) => [part, validOf(json)])))
        .filter((input: Input) => sendable(op.route, input)) as fc.Arbitrary<Input>;
      // An operation without inputs still gets unknown query keys, which it must ignore.
      const noise = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), {
        maxKeys: 3,
      });

      await fc.assert(
        fc.asyncProperty(valid, noise, async (input, extra) => {
          const sent = parts.length ? input : { query: extra };
          const accepted = parts.every(
            ([part, { zod }]) =>
              zod.safeParse(onTheWire(part, input[part], op.parts[part]!.json)).success,
          );
          tally.valid++;
          if (accepted) tally.accepted++;
          const body = checkAnswer(name, sent, await send(sent));
          if (body?.code === 'validation') tally.refusedByRule += accepted ? 1 : 0;
        }),
        { numRuns: parts.length ? RUNS : Math.ceil(RUNS / 4) },
      );

      if (!parts.length) return;
      // One part broken, the others valid.
      const broken = fc.oneof(
        ...parts.map(([part, { zod, json }]) =>
          fc
            .tuple(valid, invalidOf(json, part, part === 'body'))
            .filter(([, b]) => refuses(zod, onTheWire(part, b.value, json), b.field, part))
            .map(([input, b]): [Input, Broken] => [{ ...input, [part]: b.value }, b])
            .filter(([input]) => sendable(op.route, input)),
        ),
      );
      await fc.assert(
        fc.asyncProperty(broken, async ([input, { field }]) => {
          tally.invalid++;
          const res = await send(input);
          const body = checkAnswer(name, input, res);
          const context = `${name} ${JSON.stringify(input).slice(0, 400)}: expected a 400 naming ${field}, got ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBe(400);
          expect(body?.code, context).toBe('validation');
          const named = body?.issues?.some(
            (i) => i.path === field || i.path.startsWith(`${field}.`),
          );
          expect(named, context).toBe(true);
        }),
        { numRuns: RUNS },
      );
    } finally {
      await stack.close();
    }
  });
});

// The side doors (docs/threat-model.md): whatever an operation's input, a
// request as a cross-site navigation makes it (the Lax session cookie,
// Sec-Fetch-Site cross-site, no X-Device-ID) is refused before any route
// runs, GETs included; and a signed-in browser's hash login never switches
// to another account without `confirmed` (the visitor's answer to the question).
describe('fuzzing the side doors', () => {
  it('refuses every operation to a cross-site navigation, whatever its input', async () => {
    const stack = await testStack({ scope: 'caller', config: UNLIMITED });
    try {
      const token = await signIn(stack);
      const sent = stack.be.store.outbox.length;
      for (const op of all) {
        const parts = Object.entries(op.parts) as [Part, { json: JsonSchema }][];
        const valid = fc
          .record(Object.fromEntries(parts.map(([part, { json }]) => [part, validOf(json)])))
          .filter((input: Input) => sendable(op.route, input)) as fc.Arbitrary<Input>;
        await fc.assert(
          fc.asyncProperty(valid, async (input) => {
            const hasBody = 'body' in input;
            const res = await stack.gateway.inject({
              method: op.route.method as 'GET',
              url: url(op.route, input),
              headers: {
                host: 'be.localhost:3000',
                'sec-fetch-site': 'cross-site',
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              cookies: { access_token: token },
              ...(hasBody ? { payload: JSON.stringify(input.body) } : {}),
            });
            const context = `${op.name} ${JSON.stringify(input).slice(0, 300)} -> ${res.statusCode}`;
            expect(res.statusCode, context).toBe(403);
            expect(res.json().code, context).toBe('csrf');
          }),
          { numRuns: Math.max(2, Math.ceil(RUNS / 4)) },
        );
      }
      // Not one code was sent by any of them.
      expect(stack.be.store.outbox.length).toBe(sent);
    } finally {
      await stack.close();
    }
  });

  it('never switches a signed-in browser by a hash token without confirmed', async () => {
    const stack = await testStack({ scope: 'caller', config: UNLIMITED });
    try {
      const mine = await signIn(stack, 'customer@example.be');
      const other = await signIn(stack, 'employee@example.be');
      const minted = await stack.be.app.inject({
        method: 'POST',
        url: '/token/handover',
        headers: { authorization: `Bearer ${other}` },
      });
      const handover: string = minted.json().token;
      const originApp = fc.option(fc.string({ maxLength: 64 }), { nil: undefined });
      await fc.assert(
        fc.asyncProperty(originApp, fc.constantFrom(undefined, false), async (app, flag) => {
          const res = await stack.gateway.inject({
            method: 'POST',
            url: '/api/token/hash',
            headers: browserHeaders(stack),
            cookies: { access_token: mine },
            payload: {
              token: handover,
              ...(app === undefined ? {} : { 'origin-app': app }),
              ...(flag === undefined ? {} : { confirmed: flag }),
            },
          });
          expect(res.statusCode, res.body.slice(0, 200)).toBe(409);
          expect(res.json().code).toBe('confirm_account');
          expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
        }),
        { numRuns: RUNS },
      );
    } finally {
      await stack.close();
    }
  });
});
