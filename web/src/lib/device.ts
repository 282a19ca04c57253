const KEY = 'device-id';

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts (HTTPS,
 * localhost): served over plain HTTP at any other name the app would stop
 * before drawing anything, so the same UUID is made from `getRandomValues`.
 */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The device id (docs/product.md part 3): a random UUID created once and kept in local storage. */
export function deviceId(): string {
  try {
    const existing = localStorage.getItem(KEY);
    if (existing) return existing;
    const id = randomUuid();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    // Storage unavailable (docs/product.md part 8: logged as info, sign-in still possible).
    console.info('local storage unavailable; using a per-page device id');
    return sessionDeviceId;
  }
}
const sessionDeviceId = randomUuid();
