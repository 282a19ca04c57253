import { afterEach } from 'vitest';

/**
 * A browser's `PublicKeyCredential` with the static methods given (jsdom has
 * no WebAuthn: what the browser's part would answer is played here; the
 * gateway and account API behind the page stay the real ones). Removed after
 * each test of the file that calls `browserWebAuthnResets()`.
 */
export function browserWebAuthn(statics: Record<string, unknown>) {
  const PublicKeyCredential = Object.assign(() => undefined, statics);
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: PublicKeyCredential,
    configurable: true,
  });
  return PublicKeyCredential;
}

export function browserWebAuthnResets() {
  afterEach(() => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
  });
}
