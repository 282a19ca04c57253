import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { Language } from './fields';

export const ContactEntry = z.object({
  id: z.number().int(),
  value: z.string(),
  default: z.boolean(),
  verified: z.boolean(),
  /** Whether two-step verification codes may be sent to this entry. */
  mfa: z.boolean(),
});

/** Spec part 3, User. */
export const User = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  customer_user_id: z.number().int().nullable(),
  fridom_user_id: z.number().int().nullable(),
  email: z.array(ContactEntry),
  phone: z.array(ContactEntry),
  totpRecovery: z.array(z.object({ used_at: z.string().nullable() })),
  firstname: z.string(),
  lastname: z.string(),
  birthdate: z.string().nullable(),
  gender: z.enum(['female', 'male', 'other']).nullable(),
  language: Language,
  password_status: z.number().int(),
  last_password_change: z.string().nullable(),
  mfa_forced: z.boolean(),
  mfa_customer: z.boolean(),
  has_sso: z.boolean(),
  sso_only: z.boolean(),
});
export type User = z.infer<typeof User>;

export const profileAccount = c.router({
  getUser: {
    method: 'GET',
    path: '/user',
    summary: 'The signed-in user',
    responses: { 200: z.object({ data: User }), 401: ErrorBody },
  },
});

/** The portal API of this domain: the same calls under /api. */
export const profilePortal = profileAccount;
