import { assert, newSoftPasskey, register } from '@portal/mock-upstream/test-authenticator';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { browserHeaders, signIn, testStack } from '../test-helpers';

const BE = 'https://account.example.be';
const LU = 'https://account.example.lu';

/**
 * WEBAUTHN_RP_ID example.be with the Luxembourg origin related, one account
 * API behind both variants (a passkey's public key lives where it was made).
 */
describe('one passkey across both variants (WEBAUTHN_RP_ID, WEBAUTHN_RELATED_ORIGINS)', () => {
  const stack = testStack({
    scope: 'file',
    upstream: 'one',
    config: {
      PUBLIC_ORIGIN_BE: [BE, 'https://example.be'],
      PUBLIC_ORIGIN_LU: [LU],
      WEBAUTHN_RP_ID: 'example.be',
      WEBAUTHN_RELATED_ORIGINS: [LU],
    },
  });

  function call(origin: string, token?: string) {
    const host = new URL(origin).host;
    return (url: string, payload?: object) =>
      stack.gateway.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: browserHeaders(stack, host),
        ...(token ? { cookies: { access_token: token } } : {}),
        ...(payload ? { payload } : {}),
      } as InjectOptions);
  }

  it('serves the related origins on the relying-party id only', async () => {
    const doc = await call('https://example.be')('/.well-known/webauthn');
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(doc.headers['cache-control']).toBe('public, max-age=300');
    expect(doc.json()).toEqual({ origins: [LU] });
    for (const origin of [BE, LU]) {
      expect((await call(origin)('/.well-known/webauthn')).statusCode, origin).toBe(404);
    }
  });

  it('makes a passkey on the Belgian origin that signs in on the Luxembourg one', async () => {
    const token = await signIn(stack, 'employee@example.be', new URL(BE).host);
    const start = await call(BE, token)('/api/passkeys/registration/options', {});
    expect(start.statusCode).toBe(200);
    expect(start.json().options.rp.id).toBe('example.be');
    const key = newSoftPasskey();
    const { challenge } = start.json().options;
    const made = await call(BE, token)('/api/passkeys/registration', {
      payload: start.json().payload,
      name: 'Laptop',
      credential: register(key, { challenge, rpId: 'example.be', origin: BE }),
    });
    expect(made.statusCode).toBe(201);

    const options = await call(LU)('/api/passkeys/authentication/options', { purpose: 'login' });
    expect(options.statusCode).toBe(200);
    expect(options.json().options.rpId).toBe('example.be');
    const signedIn = await call(LU)('/api/passkeys/authentication', {
      payload: options.json().payload,
      credential: assert(key, {
        challenge: options.json().options.challenge,
        rpId: 'example.be',
        origin: LU,
      }),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ signed_in: true, weak: false, next: '/user/dashboard' });
  });
});
