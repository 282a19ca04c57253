import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { LoginPassword, Username } from './fields';
import { MfaChallenge } from './mfa';

export const PasswordGrant = z.object({
  grant_type: z.literal('password'),
  username: Username,
  password: LoginPassword,
});

/** Spec part 7, Token: the upstream's answer to a successful sign-in. */
export const TokenAnswer = z.object({
  access_token: z.string().min(20),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  password_status: z.number().int().optional(),
});

/** 401 from the token endpoint: MFA is needed (not an error, spec part 8). */
export const MfaNeeded = z.object({ mfa: MfaChallenge });

export const authAccount = c.router({
  createToken: {
    method: 'POST',
    path: '/token',
    summary: 'Sign in with a password (401 carries the MFA challenge)',
    body: PasswordGrant,
    responses: { 200: TokenAnswer, 400: ErrorBody, 401: MfaNeeded, 429: ErrorBody },
  },
  deleteToken: {
    method: 'DELETE',
    path: '/token',
    summary: 'Sign out: revoke the bearer token of this request',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody },
  },
});

/** What the browser learns from a sign-in: never the token itself. */
export const SignedIn = z.object({
  signed_in: z.literal(true),
  /** password_status 1 or 2: the user must choose a new password (spec part 4). */
  weak: z.boolean(),
});

export const authPortal = c.router({
  createToken: {
    method: 'POST',
    path: '/token',
    summary: 'Sign in; the gateway keeps the token in an httpOnly cookie',
    body: PasswordGrant,
    responses: { 200: SignedIn, 400: ErrorBody, 401: MfaNeeded, 429: ErrorBody, 502: ErrorBody },
  },
  deleteToken: {
    method: 'DELETE',
    path: '/token',
    summary: 'Sign out: revoke the upstream token and clear the cookie',
    body: c.noBody(),
    responses: { 204: c.noBody() },
  },
});
