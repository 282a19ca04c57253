import { z } from 'zod';

/**
 * Every error body, on both APIs: a machine-readable `code` that the web app
 * maps to a translated message, and a human `message` for logs and integrators.
 */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** Which fields were wrong, for validation errors. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The spec's 422 answers carry only a message that is shown as it is. */
export const MessageBody = z.object({ message: z.string() });

/** Answers every route may give besides its own, declared once. */
export const commonErrors = {
  400: ErrorBody,
  429: ErrorBody,
} as const;
