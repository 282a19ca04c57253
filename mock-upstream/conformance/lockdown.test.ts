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
 * "Lock my account" (docs/flows.md, "Lock my account"; docs/threat-model.md,
 * "Lockdown"): what the gateway relies on the account API to do when a
 * person locks their account. Every session ends, the one asking included;
 * a sign-in with the right password is refused with `password_reset_required`
 * (the gateway sends that person into the reset), a wrong one is refused as
 * any wrong password is (a lock tells nothing to someone without it); a lock
 * link that the account API did not make opens nothing.
 *
 * The account ends locked: on a real account API use one kept for this case
 * (`CONFORMANCE_LOCKDOWN_LOGIN`), whose password a person resets afterwards.
 */
resetWhenMock();

async function signedIn(address: string): Promise<string> {
  const { login, secret } = accounts.lockdown;
  await untilNextTimeStep();
  const answer = await signInWithCode(login, await totpNow(secret), forwarded(address));
  if (answer.status !== 200 || !('access_token' in answer.body)) {
    throw new Error(`sign-in of ${login} failed: ${answer.status}`);
  }
  return answer.body.access_token;
}

const readUser = (token: string) => api.profile.getUser({ extraHeaders: bearer(token) });

describe('lock my account', () => {
  it('refuses a lock link it did not make, without a session', async () => {
    const token = 'A'.repeat(43);
    const check = await api.lockdown.checkLockdownLink({
      body: { token },
      extraHeaders: forwarded('192.0.2.60'),
    });
    expect(check.status).toBe(400);
    expect(check.body).toMatchObject({ code: 'invalid_link' });
    const lock = await api.lockdown.lockAccountByLink({
      body: { token },
      extraHeaders: forwarded('192.0.2.60'),
    });
    expect(lock.status).toBe(400);
    expect(lock.body).toMatchObject({ code: 'invalid_link' });
  });

  it('ends every session of the account, this one too, and asks for a new password before any sign-in', {
    timeout: 90_000,
  }, async () => {
    const other = await signedIn('192.0.2.61');
    const mine = await signedIn('192.0.2.62');

    const locked = await api.lockdown.lockAccount({
      extraHeaders: { ...forwarded('192.0.2.62'), ...bearer(mine) },
    });
    expect(locked.status).toBe(200);
    if (locked.status !== 200) return;
    expect(locked.body.sessions_ended).toBeGreaterThanOrEqual(2);
    expect(locked.body.notified).toBeGreaterThanOrEqual(1);

    expect((await readUser(mine)).status).toBe(401);
    expect((await readUser(other)).status).toBe(401);

    const rightPassword = await api.auth.createToken({
      body: {
        grant_type: 'password',
        username: accounts.lockdown.login,
        password: accounts.password,
      },
      extraHeaders: forwarded('192.0.2.63'),
    });
    expect(rightPassword.status).toBe(403);
    expect(rightPassword.body).toMatchObject({ code: 'password_reset_required' });
    expect(rightPassword.body).not.toHaveProperty('access_token');
    expect(rightPassword.body).not.toHaveProperty('mfa');

    const wrongPassword = await api.auth.createToken({
      body: {
        grant_type: 'password',
        username: accounts.lockdown.login,
        password: `${accounts.password}-wrong`,
      },
      extraHeaders: forwarded('192.0.2.64'),
    });
    expect(wrongPassword.status).toBe(400);
  });
});
