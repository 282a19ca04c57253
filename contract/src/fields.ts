import { z } from 'zod';

/** E-mail address as typed by a user. */
export const Email = z.email({ error: 'The email provided is invalid.' });

/** Password as sent for sign-in: any non-empty string (rules apply only when one is chosen). */
export const LoginPassword = z.string().min(1, { error: 'Password is required' }).max(200);

/** Sign-in name: an e-mail address or a phone number. */
export const Username = z.string().trim().min(3).max(254);

/** The device id the web app creates once (spec part 3: a random UUID). */
export const DeviceId = z.uuid();

/** Languages a user may hold on their profile (both variants). */
export const Language = z.enum(['en', 'fr', 'nl', 'de']);
export type Language = z.infer<typeof Language>;
