import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store';

/** The next id of any table of the store (one sequence for all, as rows never mix). */
export function nextId(store: Store): number {
  return store.nextId++;
}

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  // Low cost: this is a test double; the real upstream uses its own KDF settings.
  const hash = scryptSync(secret, salt, 32, { N: 1024 });
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

export function verifySecret(secret: string, stored: string): boolean {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const hash = scryptSync(secret, Buffer.from(saltHex, 'hex'), 32, { N: 1024 });
  return timingSafeEqual(hash, Buffer.from(hashHex, 'hex'));
}

/** An opaque random value of 256 bits (tokens, payloads, codes). */
export function randomOpaque(): string {
  return randomBytes(32).toString('base64url');
}
