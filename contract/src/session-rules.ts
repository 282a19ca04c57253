/*
 * The rules a session is judged by, kept apart from the field rules
 * (`rules.ts`, which carries the phone library): the web app's route guard
 * imports them on every page, the sign-in page included, whose script budget
 * has no room for that library (docs/performance.md).
 */

/**
 * The weak-password rule (docs/product.md part 4): an account whose
 * `password_status` is 1 or 2 must choose a new password before anything
 * else. The gateway's session state, the sign-in's next step and the web
 * app's guard all read it here.
 */
export const isWeakPasswordStatus = (status: number | undefined) => status === 1 || status === 2;

/** docs/product.md part 6: client ids exempt from partner mode and from the forced-MFA redirect. */
export const FIRST_PARTY_CLIENT_IDS = [2, 17, 51, 66] as const;

/** docs/product.md part 4: a `client_id` outside 2, 17, 51, 66 is a partner client (partner-login state). */
export function isPartnerClient(clientId: number | string): boolean {
  return !(FIRST_PARTY_CLIENT_IDS as readonly number[]).includes(Number(clientId));
}

/** The portal itself (a token of no client) or one of the first-party clients. */
export const isFirstPartyClient = (clientId: number | string | null) =>
  clientId === null || !isPartnerClient(clientId);
