/**
 * Where a door the browser still steers (the weak-password replacement, a
 * passkey, the address-hash hand-over: `arriveSignedIn` in `sign-in.ts`) goes
 * next, until a screen shows for the signed-in user; the password sign-in is
 * the gateway's flow and needs none of this (docs/flows.md). Two parts of the app move a
 * newly signed-in user on: `finishSignIn`, and the route guard, which sends a
 * signed-in user away from the sign-in pages. The guard learns of the user in
 * a render of its own, which may come before the next screen's (its code
 * still loading): it then sends the user here too, not home, and neither
 * navigation undoes the other (docs/flows.md, Sign-in).
 */
let next: string | null = null;

export const signInNext = (): string | null => next;

export function setSignInNext(path: string | null): void {
  next = path;
}
