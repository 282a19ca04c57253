import { describe, expect, it } from 'vitest';
import {
  accounts,
  api,
  bearer,
  forwarded,
  resetWhenMock,
  signInWithCode,
  totpNow,
  untilNextTimeStep,
} from './harness';

/**
 * An authenticator code is accepted once: a time step already used for the
 * method is refused, at sign-in and at a step-up alike (RFC 6238 section 5.2).
 * Recovery keys are single use too (each key once).
 */
resetWhenMock();

describe('single-use second factors', () => {
  it('refuses an authenticator code that already signed someone in', async () => {
    const { login, secret } = accounts.totp;
    const code = await totpNow(secret);
    const first = await signInWithCode(login, code, forwarded('192.0.2.21'));
    expect(first.status).toBe(200);
    expect(first.body).toHaveProperty('access_token');

    // A second browser, the same code within its 30 seconds.
    const replay = await signInWithCode(login, code, forwarded('192.0.2.22'));
    expect(replay.status).toBe(422);
    expect(replay.body).not.toHaveProperty('access_token');
  });

  it('refuses it for a step-up of the session it opened, too', { timeout: 45_000 }, async () => {
    const { login, secret } = accounts.totp;
    // The first test used this step's code: sign in with the next one.
    await untilNextTimeStep();
    const code = await totpNow(secret);
    const signedIn = await signInWithCode(login, code, forwarded('192.0.2.23'));
    if (signedIn.status !== 200 || !('access_token' in signedIn.body)) {
      throw new Error(`sign-in failed: ${signedIn.status}`);
    }
    const token = signedIn.body.access_token;
    const stepUp = await api.auth.startSudo({
      query: { single: '1' },
      extraHeaders: { ...forwarded('192.0.2.23'), ...bearer(token) },
    });
    if (stepUp.status !== 200) throw new Error(`step-up start failed: ${stepUp.status}`);
    const methods = await api.mfa.listMethods({
      query: {},
      extraHeaders: bearer(token),
    });
    if (methods.status !== 200) throw new Error(`methods: ${methods.status}`);
    const totp = methods.body.find((m) => m.method === 'totp');
    const pointed = await api.auth.startSudo({
      query: { payload: stepUp.body.payload, mfaId: totp?.id },
      extraHeaders: { ...forwarded('192.0.2.23'), ...bearer(token) },
    });
    expect(pointed.status).toBe(200);
    const replay = await api.auth.confirmSudo({
      body: { payload: stepUp.body.payload, code },
      extraHeaders: { ...forwarded('192.0.2.23'), ...bearer(token) },
    });
    expect(replay.status).toBe(422);
  });
});
