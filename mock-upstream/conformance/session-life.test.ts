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
 * A session's life (docs/threat-model.md): a password change ends every other
 * session of the account and names them; a token renewal moves the session to
 * a new token and kills the old one at once, sudo state included.
 */
resetWhenMock();

async function signIn(login: string, headers: Record<string, string>): Promise<string> {
  const res = await api.auth.createToken({
    body: { grant_type: 'password', username: login, password: accounts.password },
    extraHeaders: headers,
  });
  if (res.status !== 200 || !('access_token' in res.body)) {
    throw new Error(`sign-in of ${login} failed: ${res.status} (an account without MFA?)`);
  }
  return res.body.access_token;
}

const readUser = (token: string) => api.profile.getUser({ extraHeaders: bearer(token) });

describe("a session's life", () => {
  it('ends every other session of the account when the password changes, and names them', async () => {
    const login = accounts.sessions;
    const a = forwarded('192.0.2.41');
    const b = forwarded('192.0.2.42');
    const tokenA = await signIn(login, a);
    const tokenB = await signIn(login, b);
    const newPassword = `Conformance-${Date.now()}-Aa!`;

    const changed = await api.profile.changePassword({
      body: { current_password: accounts.password, password: newPassword },
      extraHeaders: { ...a, ...bearer(tokenA) },
    });
    expect(changed.status).toBe(200);
    if (changed.status !== 200) return;
    expect(changed.body.signed_out.length).toBeGreaterThanOrEqual(1);
    expect(changed.body.signed_out.every((s) => !s.current)).toBe(true);

    expect((await readUser(tokenB)).status).toBe(401);
    expect((await readUser(tokenA)).status).toBe(200);

    // Back to the suite's password; no other session is left to sign out.
    const back = await api.profile.changePassword({
      body: { current_password: newPassword, password: accounts.password },
      extraHeaders: { ...a, ...bearer(tokenA) },
    });
    expect(back.status).toBe(200);
    if (back.status === 200) expect(back.body.signed_out).toEqual([]);
  });

  it('renews a token: the old one answers 401 at once, the new one is the same session', async () => {
    const headers = forwarded('192.0.2.43');
    const old = await signIn(accounts.sessions, headers);
    const before = await api.sessions.listSessions({ extraHeaders: bearer(old) });
    if (before.status !== 200) throw new Error(`sessions: ${before.status}`);
    const currentId = before.body.sessions.find((s) => s.current)?.id;

    const renewed = await api.auth.renewToken({ extraHeaders: { ...headers, ...bearer(old) } });
    expect(renewed.status).toBe(200);
    if (renewed.status !== 200) return;
    expect(renewed.body.access_token).not.toBe(old);
    expect((await readUser(old)).status).toBe(401);
    const after = await api.sessions.listSessions({
      extraHeaders: bearer(renewed.body.access_token),
    });
    expect(after.status).toBe(200);
    if (after.status === 200) {
      expect(after.body.sessions.find((s) => s.current)?.id).toBe(currentId);
    }
  });

  it('keeps the step-up on the renewed token', { timeout: 45_000 }, async () => {
    await untilNextTimeStep();
    const headers = forwarded('192.0.2.44');
    const signedIn = await signInWithCode(
      accounts.totp.login,
      await totpNow(accounts.totp.secret),
      headers,
    );
    if (signedIn.status !== 200 || !('access_token' in signedIn.body)) {
      throw new Error(`sign-in failed: ${signedIn.status}`);
    }
    const renewed = await api.auth.renewToken({
      extraHeaders: { ...headers, ...bearer(signedIn.body.access_token) },
    });
    if (renewed.status !== 200) throw new Error(`renewal: ${renewed.status}`);
    const status = await api.auth.mfaStatus({ extraHeaders: bearer(renewed.body.access_token) });
    expect(status.status).toBe(200);
    if (status.status === 200) expect(status.body.sudo).toBe(true);
    const old = await api.auth.mfaStatus({ extraHeaders: bearer(signedIn.body.access_token) });
    expect(old.status).toBe(401);
  });
});
