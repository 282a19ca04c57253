import { z } from 'zod';
import { c } from './c';

export const MfaKind = z.enum(['email', 'sms', 'totp', 'totpRecovery', 'card']);
export type MfaKind = z.infer<typeof MfaKind>;

/** Spec part 3, MFA method: a positive id is set up; a negative one is addressed by `target`. */
export const MfaMethod = z.object({
  id: z.number().int(),
  method: MfaKind,
  /** Masked address or number the code goes to (e-mail and SMS). */
  target: z.string().nullable(),
  primary: z.boolean(),
  card_number: z.string().optional(),
});
export type MfaMethod = z.infer<typeof MfaMethod>;

/** What a 401 from a sign-in carries: the payload to continue with and the methods offered. */
export const MfaChallenge = z.object({
  payload: z.string(),
  methods: z.array(MfaMethod),
});

// Routes of this domain. Account API first, then the portal API built from it.
export const mfaAccount = c.router({});

export const mfaPortal = c.router({});
