import { requestValidationError } from '@portal/contract';
import {
  type AppRoute,
  type AppRouter,
  isAppRoute,
  isAppRouteNoBody,
  isAppRouteOtherResponse,
  TsRestResponseError,
} from '@ts-rest/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkedAnswer, schemaOf, validate } from './answers';

type Issues = { issues: ReadonlyArray<{ message: string }> } | null;
interface Answer {
  status: number;
  body?: unknown;
}
interface HandlerArgs {
  params: unknown;
  query: unknown;
  body: unknown;
  headers: FastifyRequest['headers'];
  request: FastifyRequest;
  reply: FastifyReply;
  appRoute: AppRoute;
}
type Handler = (args: HandlerArgs) => Promise<Answer>;
type Implementations = { [key: string]: Implementations | Handler };

/** One part of a request checked against its schema, if the route declares one. */
function part(entry: unknown, value: unknown): { value: unknown; issues: Issues } {
  const schema = schemaOf(entry);
  if (!schema) return { value, issues: null };
  const result = validate(schema, value);
  return result.issues
    ? { value, issues: { issues: result.issues } }
    : { value: result.value, issues: null };
}

function handlerFor(route: AppRoute, implementation: Handler) {
  const bodySchema = 'body' in route ? route.body : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const params = part(route.pathParams, request.params);
    const query = part(route.query, request.query);
    const body = part(bodySchema, request.body);
    if (params.issues || query.issues || body.issues) {
      const rejected = {
        pathParams: params.issues,
        headers: null,
        query: query.issues,
        body: body.issues,
      };
      return requestValidationError(rejected, request, reply);
    }
    let answer: Answer;
    try {
      answer = await implementation({
        params: params.value,
        query: query.value,
        body: body.value,
        headers: request.headers,
        request,
        reply,
        appRoute: route,
      });
    } catch (err) {
      if (!(err instanceof TsRestResponseError)) throw err;
      answer = { status: err.statusCode, body: err.body };
    }
    const { status, body: sent } = checkedAnswer(route, answer);
    const declared = route.responses[status];
    if (declared !== undefined && isAppRouteNoBody(declared)) return reply.status(status).send();
    if (declared !== undefined && isAppRouteOtherResponse(declared)) {
      reply.header('content-type', declared.contentType);
    }
    return reply.status(status).send(sent);
  };
}

/**
 * Registers a ts-rest contract's routes on Fastify with their implementations
 * (typed by `@ts-rest/fastify`'s `RouterImplementation`): each request's
 * params, query and body checked against the contract (400 naming each wrong
 * field), each answer checked against it (`checkedAnswer`). What
 * `@ts-rest/fastify`'s `registerRouter` does, without the per-request work
 * this contract never needs: it has no header schemas, yet ts-rest copied
 * every request's headers into a Map to check them against none.
 */
export function registerContract(app: FastifyInstance, contract: AppRouter, router: object) {
  const walk = (node: AppRouter, implementations: Implementations) => {
    for (const [key, entry] of Object.entries(node)) {
      const implementation = implementations[key];
      if (implementation === undefined) throw new Error(`no implementation of ${key}`);
      if (isAppRoute(entry)) {
        if (typeof implementation !== 'function') throw new Error(`${key} is not a handler`);
        app.route({
          method: entry.method,
          url: entry.path,
          handler: handlerFor(entry, implementation),
        });
      } else {
        walk(entry as AppRouter, implementation as Implementations);
      }
    }
  };
  walk(contract, router as Implementations);
}
