import { describe, expect, it } from 'vitest';
import {
  accounts,
  api,
  bearer,
  chooseTotp,
  forwarded,
  passwordChallenge,
  resetWhenMock,
  signInWithCode,
  totpNow,
} from './harness';

/**
 * Wrong second factors are counted per account, across challenges: starting
 * a fresh sign-in does not start a fresh count. Past the limit the account's
 * second factor is paused; the answer says for how long (429 `mfa_paused`,
 * `retry_after` and Retry-After), even for the right code, and the security
 * history records it.
 */
resetWhenMock();

describe('the per-account second-factor limit', () => {
  it('pauses the second factor after wrong codes spread over fresh challenges', async () => {
    const { login, secret } = accounts.pause;
    // A session of the owner, opened before, to read the history with.
    const owner = await signInWithCode(login, await totpNow(secret), forwarded('192.0.2.31'));
    if (owner.status !== 200 || !('access_token' in owner.body)) {
      throw new Error(`owner sign-in failed: ${owner.status}`);
    }

    // An attacker who knows the password, from address after address: three
    // wrong codes per challenge, never enough to spend one.
    let wrong = 0;
    let paused: Awaited<ReturnType<typeof api.auth.confirmSudo>> | undefined;
    for (let round = 0; !paused && wrong < accounts.pauseAfter; round++) {
      const headers = forwarded(`192.0.2.${40 + round}`);
      const { payload, totpId } = await passwordChallenge(login, headers);
      await chooseTotp(payload, totpId, headers);
      for (let i = 0; i < 3 && wrong < accounts.pauseAfter; i++) {
        const res = await api.auth.confirmSudo({
          body: { payload, code: '000000' },
          extraHeaders: headers,
        });
        wrong++;
        if (res.status === 429) paused = res;
        else expect(res.status).toBe(422);
        if (paused) break;
      }
    }
    expect(paused?.status, `no pause after ${wrong} wrong codes`).toBe(429);
    expect(paused?.body).toMatchObject({ code: 'mfa_paused' });
    const retryAfter = Number(paused?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(paused?.body).toMatchObject({ retry_after: retryAfter });

    // The right code on a fresh challenge is refused while the pause lasts.
    const right = await signInWithCode(login, await totpNow(secret), forwarded('192.0.2.60'));
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'mfa_paused' });

    const history = await api.sessions.listHistory({
      query: { limit: 20 },
      extraHeaders: bearer(owner.body.access_token),
    });
    expect(history.status).toBe(200);
    if (history.status === 200) {
      expect(history.body.events.map((e) => e.kind)).toContain('mfa_paused');
    }
  });
});
