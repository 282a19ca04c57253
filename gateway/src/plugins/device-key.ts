import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * The device key: the value of the httpOnly `device` cookie, which names a
 * browser to the account API (trusted devices, sessions, new-device alerts)
 * (docs/decisions/0009-session-and-device-keys.md). It is the gateway's: 32
 * random bytes and an HMAC of them under a secret every gateway shares, so a
 * value the gateway never issued (one an attacker chose and planted, one of
 * the old unsigned shape) is recognised and replaced, never sent on.
 */
export interface DeviceKeys {
  /** A new key. */
  issue(): string;
  /** Whether `value` is a key this portal issued. */
  verify(value: string): boolean;
}

/** 43 characters of key, a dot, 22 of its MAC (16 bytes): base64url. */
const SHAPE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;

/** Used when neither `DEVICE_KEY_SECRET` nor `EVENT_HASH_KEY` is set (development and tests). */
const DEVELOPMENT_SECRET = 'portal-device-key-development';

/**
 * The secret the keys are signed with: `DEVICE_KEY_SECRET`, else one derived
 * from `EVENT_HASH_KEY` (required in production, the same on every gateway)
 * under its own label, so that neither key tells the other.
 */
export function deviceSecretOf(config: Pick<Config, 'DEVICE_KEY_SECRET' | 'EVENT_HASH_KEY'>) {
  if (config.DEVICE_KEY_SECRET) return Buffer.from(config.DEVICE_KEY_SECRET);
  return createHmac('sha256', config.EVENT_HASH_KEY ?? DEVELOPMENT_SECRET)
    .update('portal device key')
    .digest();
}

export function deviceKeys(secret: Buffer): DeviceKeys {
  const macOf = (key: string) =>
    createHmac('sha256', secret).update(`device:${key}`).digest().subarray(0, 16);
  return {
    issue() {
      const key = randomBytes(32).toString('base64url');
      return `${key}.${macOf(key).toString('base64url')}`;
    },
    verify(value) {
      const parts = SHAPE.exec(value);
      if (!parts) return false;
      const [, key = '', mac = ''] = parts;
      return timingSafeEqual(macOf(key), Buffer.from(mac, 'base64url'));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    deviceKeys: DeviceKeys;
  }
}

export const deviceKeyPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('deviceKeys', deviceKeys(deviceSecretOf(config)));
  },
  { name: 'device-key' },
);
