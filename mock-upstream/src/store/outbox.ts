import type { Store } from '../store';

/** Writes a code message to the dev outbox (`GET /__dev/outbox?to=`). */
export function sendCode(
  store: Store,
  to: string,
  channel: 'email' | 'sms',
  code: string,
  text: string,
): void {
  store.outbox.push({ to, channel, code, text, at: store.clock.now() });
}
