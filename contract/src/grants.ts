import { z } from 'zod';
import { c } from './c';

/**
 * The partner's code exchange at the upstream's `POST /token` (RFC 6749 4.1.3,
 * form-encoded), beside the password grant of `auth.ts`. Public clients (no
 * secret) must send the PKCE `code_verifier` (RFC 7636, S256).
 */
export const AuthorizationCodeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: z.string().min(1),
  client_id: z.string().regex(/^\d+$/, { error: 'client_id must be a number' }),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, {
      error: 'code_verifier must be 43-128 unreserved characters',
    })
    .optional(),
  client_secret: z.string().optional(),
});
export type AuthorizationCodeGrant = z.infer<typeof AuthorizationCodeGrant>;

/** What a partner receives for a code: a token scoped to the user's grant. */
export const CodeTokenAnswer = z.object({
  access_token: z.string().min(20),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type CodeTokenAnswer = z.infer<typeof CodeTokenAnswer>;

// Domain: grants (GET /tokens, DELETE /token/{client_id}, GET /authorize and
// the approval). Account-API routes, then their portal counterparts.
export const grantsAccount = c.router({});

export const grantsPortal = c.router({});
