// fast-check arbitraries derived from the contract's zod 4 schemas.
//
// Why our own: zod-fast-check, the library for this, supports zod 3 and
// fast-check 3 only (its zod 4 pull request, DavidTimms/zod-fast-check#27, is
// not merged), and the zod 4 generators that exist are pre-1.0 side packages.
// So the schemas go through zod's public `z.toJSONSchema` (input side: what a
// client sends) and this file maps the JSON Schema subset the contract uses
// (object, string with length/pattern/enum/const, integer and number with
// bounds, boolean, null, array, anyOf/oneOf) to fast-check:
// - `validOf`: values meant to satisfy the schema. Refinements JSON Schema
//   cannot express (a password's strength, "exactly one of") may still reject
//   some: the suite counts how many the schema itself accepts;
// - `invalidOf`: one field of a valid value broken in a way that field's
//   schema refuses (wrong type, too long, too short, off the pattern or enum,
//   out of range, missing while required), with the dotted path of that
//   field, so that the gateway's 400 can be checked to name it.
import fc from 'fast-check';
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** The JSON Schema of what a client may send to `schema`. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const INT32 = 2 ** 31 - 1;
/** Strings are generated at most this much longer than their minimum (boundaries aside). */
const SPAN = 24;

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type[0] : s.type);
const variants = (s: JsonSchema) => s.anyOf ?? s.oneOf;

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? min + SPAN * 4;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  if (s.format === 'email') return fc.emailAddress().filter(fits);
  if (s.format === 'uuid') return fc.uuid();
  const short = Math.min(max, min + SPAN);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: short }),
    // Any UTF-16 code unit, lone surrogates included.
    fc.string({ unit: 'binary', minLength: min, maxLength: short }).filter(fits),
    // The longest allowed.
    fc.constant('é'.repeat(max)),
  );
}

function validInteger(s: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(
    s.minimum ?? Number.MIN_SAFE_INTEGER,
    s.exclusiveMinimum === undefined ? Number.MIN_SAFE_INTEGER : s.exclusiveMinimum + 1,
  );
  const max = Math.min(
    s.maximum ?? Number.MAX_SAFE_INTEGER,
    s.exclusiveMaximum === undefined ? Number.MAX_SAFE_INTEGER : s.exclusiveMaximum - 1,
  );
  return fc.oneof(
    fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) }),
    fc.constantFrom(min, max),
  );
}

export function validOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = variants(s);
  if (union) return fc.oneof(...union.map(validOf));
  switch (typeOf(s)) {
    case 'object': {
      const properties = s.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, validOf(p)])),
        { requiredKeys: (s.required ?? []).filter((k) => k in properties) },
      );
    }
    case 'array':
      return fc.array(validOf(s.items ?? {}), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, (s.minItems ?? 0) + 4),
      });
    case 'string':
      return validString(s);
    case 'integer':
      return validInteger(s);
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e9,
        max: s.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

/** Does `s` accept null (a `.nullable()`/`.nullish()` field)? */
const acceptsNull = (s: JsonSchema): boolean =>
  typeOf(s) === 'null' || (variants(s)?.some(acceptsNull) ?? false);

/** Values of the wrong JSON type for `s`. */
function wrongType(s: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(s) ?? (s.enum || 'const' in s ? typeof (s.enum?.[0] ?? s.const) : '');
  const others: fc.Arbitrary<unknown>[] = [
    fc.constant([]),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
  ];
  if (type !== 'string') others.push(fc.string({ maxLength: 12 }));
  if (type !== 'integer' && type !== 'number') others.push(fc.integer());
  if (type !== 'boolean') others.push(fc.boolean());
  if (!acceptsNull(s)) others.push(fc.constant(null));
  return fc.oneof(...others);
}

/** Values of the right type that `s`'s constraints refuse. */
function outOfBounds(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  const type = typeOf(s);
  if (s.enum || 'const' in s) {
    const allowed = s.enum ?? [s.const];
    if (typeof allowed[0] === 'string')
      out.push(fc.string({ maxLength: 12 }).filter((v) => !allowed.includes(v)));
    if (typeof allowed[0] === 'boolean') out.push(fc.boolean().filter((v) => !allowed.includes(v)));
  } else if (type === 'string') {
    if (s.maxLength !== undefined) {
      const max = s.maxLength;
      out.push(fc.integer({ min: max + 1, max: max + 64 }).map((n) => 'x'.repeat(n)));
    }
    if (s.minLength) out.push(fc.string({ maxLength: s.minLength - 1 }));
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      out.push(fc.string({ maxLength: 40 }).filter((v) => !re.test(v)));
    }
  } else if (type === 'integer' || type === 'number') {
    if (s.maximum !== undefined) out.push(fc.constant(s.maximum + 1));
    if (s.minimum !== undefined) out.push(fc.constant(s.minimum - 1));
    if (s.exclusiveMinimum !== undefined) out.push(fc.constant(s.exclusiveMinimum));
    if (type === 'integer') out.push(fc.double({ min: -1e6, max: 1e6, noInteger: true }));
  }
  return out;
}

export interface Broken {
  value: unknown;
  /** The dotted path the 400 must name: `body.username`, or `body` for the body as a whole. */
  field: string;
}

/**
 * A valid value of `s` with one thing broken. `part` names where it goes
 * (`body`, `query`, `params`: the 400's paths start with it). A union's
 * mismatch is reported on the union itself, so there the expected path is the
 * part. `wholeValue` adds values that are not objects at all (a body only:
 * a query or path is always a map of strings).
 */
export function invalidOf(s: JsonSchema, part: string, wholeValue: boolean): fc.Arbitrary<Broken> {
  const cases: fc.Arbitrary<Broken>[] = [];
  if (wholeValue) {
    cases.push(
      fc
        .oneof(fc.constant([]), fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null))
        .map((value) => ({ value, field: part })),
    );
  }
  const union = variants(s);
  const objects = union ?? [s];
  for (const shape of objects) {
    if (typeOf(shape) !== 'object') continue;
    const base = validOf(shape) as fc.Arbitrary<Record<string, unknown>>;
    for (const [key, property] of Object.entries(shape.properties ?? {})) {
      const field = union ? part : `${part}.${key}`;
      const bad = fc.oneof(wrongType(property), ...outOfBounds(property));
      cases.push(
        fc
          .tuple(base, bad)
          .map(([value, broken]) => ({ value: { ...value, [key]: broken }, field })),
      );
      if (shape.required?.includes(key)) {
        cases.push(
          base.map((value) => {
            const { [key]: _dropped, ...rest } = value;
            return { value: rest, field };
          }),
        );
      }
    }
  }
  return cases.length ? fc.oneof(...cases) : fc.constant({ value: [], field: part });
}
