import {
  type AppRoute,
  isAppRouteOtherResponse,
  StandardSchemaError,
  TsRestResponseValidationError,
} from '@ts-rest/core';

interface StandardSchema {
  '~standard': {
    validate(value: unknown): unknown;
  };
}
interface Checked {
  value?: unknown;
  issues?: ConstructorParameters<typeof StandardSchemaError>[0];
}

/** A contract entry as a schema to check against, if it is one (not `c.noBody()`, not absent). */
export function schemaOf(entry: unknown): StandardSchema | null {
  return entry !== null && typeof entry === 'object' && '~standard' in entry
    ? (entry as StandardSchema)
    : null;
}

/** The body schema a route declares for a status, if it declares one. */
export function bodySchemaOf(route: AppRoute, status: number): StandardSchema | null {
  const declared = route.responses[status];
  if (declared === undefined) return null;
  return schemaOf(isAppRouteOtherResponse(declared) ? declared.body : declared);
}

/** Checks a value against a contract schema (all of them are synchronous). */
export function validate(schema: StandardSchema, value: unknown): Checked {
  const result = schema['~standard'].validate(value) as Checked;
  if (result instanceof Promise) throw new Error('contract schemas must be synchronous');
  return result;
}

/**
 * Every answer body the upstream client made by checking an upstream answer,
 * with the schema it was checked against. Most portal calls declare the very
 * schema their account-API call declares and pass its body on as it is; such
 * a body need not be checked twice.
 */
const checkedBodies = new WeakMap<object, StandardSchema>();

/** Checks an answer body against a schema; its output (unknown keys stripped) is remembered as checked. */
export function check(schema: StandardSchema, value: unknown): Checked {
  const result = validate(schema, value);
  const out = result.value;
  if (!result.issues && out !== null && typeof out === 'object') checkedBodies.set(out, schema);
  return result;
}

/**
 * The portal's side of "enforce the contract both ways": what a route answers
 * must match what the portal contract declares for that status (its output,
 * unknown keys stripped, is what is sent; so no undeclared field, a token
 * say, can reach the browser). A body checked against this very schema on its
 * way in from the upstream is sent as it is.
 */
export function checkedAnswer<A extends { status: number; body?: unknown }>(
  route: AppRoute,
  answer: A,
): A {
  const schema = bodySchemaOf(route, answer.status);
  if (!schema) return answer;
  const { body } = answer;
  if (body !== null && typeof body === 'object' && checkedBodies.get(body) === schema) {
    return answer;
  }
  const result = check(schema, body);
  if (result.issues) {
    throw new TsRestResponseValidationError(route, new StandardSchemaError(result.issues));
  }
  return { ...answer, body: result.value };
}
