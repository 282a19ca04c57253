import type { ErrorBody } from './errors';

interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  /** zod's custom issues: a rule's machine-readable `code` rides here. */
  readonly params?: { readonly code?: unknown } | undefined;
}
interface IssueSource {
  readonly issues: ReadonlyArray<Issue>;
}

/**
 * Turns the schema issues of a rejected request into the 400 body both servers
 * answer, naming each wrong field (`body.username: ...`).
 */
export function validationErrorBody(parts: Record<string, IssueSource | null>): ErrorBody {
  const issues: NonNullable<ErrorBody['issues']> = [];
  for (const [part, source] of Object.entries(parts)) {
    for (const issue of source?.issues ?? []) {
      const keys = (issue.path ?? []).map((k) =>
        typeof k === 'object' && k !== null && 'key' in k ? String(k.key) : String(k),
      );
      const code = issue.params?.code;
      issues.push({
        path: [part, ...keys].join('.'),
        message: issue.message,
        ...(typeof code === 'string' ? { code } : {}),
      });
    }
  }
  const first = issues[0];
  return {
    code: 'validation',
    message: first ? `${first.path}: ${first.message}` : 'The request is invalid.',
    issues,
  };
}

interface RejectedRequest {
  pathParams: IssueSource | null;
  headers: IssueSource | null;
  query: IssueSource | null;
  body: IssueSource | null;
}
interface StatusReply {
  status(code: number): { send(body: unknown): unknown };
}

/** ts-rest's `requestValidationErrorHandler` for both servers: 400 naming each wrong field. */
export function requestValidationError(
  error: RejectedRequest,
  _request: unknown,
  reply: StatusReply,
) {
  reply.status(400).send(
    validationErrorBody({
      params: error.pathParams,
      headers: error.headers,
      query: error.query,
      body: error.body,
    }),
  );
}
