const KEY = 'device-id';

/** The device id (spec part 3): a random UUID created once and kept in local storage. */
export function deviceId(): string {
  try {
    const existing = localStorage.getItem(KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    // Storage unavailable (spec part 8: logged as info, sign-in still possible).
    console.info('local storage unavailable; using a per-page device id');
    return sessionDeviceId;
  }
}
const sessionDeviceId = crypto.randomUUID();
