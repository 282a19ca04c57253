import { describe, expect, it } from 'vitest';
import {
  accounts,
  api,
  baseUrl,
  bearer,
  forwarded,
  isMock,
  resetWhenMock,
  signInWithCode,
  totpNow,
  untilNextTimeStep,
} from './harness';

/**
 * Your data in your hands (docs/flows.md, "Download your data" and "Ask for
 * deletion"): the export carries nothing that proves the account, and a
 * deletion request ends every session and can be cancelled by signing in
 * during its grace period. The TOTP account is used: its sign-in passes a
 * second factor, so its session may make both requests.
 */
resetWhenMock();

const DAY_MS = 24 * 3600 * 1000;

/** A session of the TOTP account that has just passed its second factor (a fresh time step). */
async function strongSession(address: string) {
  const { login, secret } = accounts.totp;
  await untilNextTimeStep();
  const headers = forwarded(address);
  const res = await signInWithCode(login, await totpNow(secret), headers);
  if (res.status !== 200 || !('access_token' in res.body)) {
    throw new Error(`sign-in of ${login} failed: ${res.status}`);
  }
  return {
    token: res.body.access_token,
    headers: { ...headers, ...bearer(res.body.access_token) },
  };
}

describe('download your data', () => {
  it('exports the account as its screens show it, without a password, authenticator secret, recovery key or token', async () => {
    const { token, headers } = await strongSession('192.0.2.61');
    // The answer as it came on the wire: the contract's parse would drop an unknown field.
    const raw = await fetch(`${baseUrl}/user/export`, { method: 'POST', headers });
    expect(raw.status).toBe(200);
    const text = await raw.text();
    const secrets = [accounts.password, accounts.totp.secret, token];
    if (isMock) secrets.push('RECOVERY01', 'RECOVERY10');
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/secret|password_hash|public_?key|access_token/i);

    const res = await api.yourData.exportData({ extraHeaders: headers });
    expect(res.status).toBe(200);
    if (res.status !== 200) return;
    expect(res.body.user.email.some((e) => e.value === accounts.totp.login)).toBe(true);
    expect(res.body.mfa_methods.some((m) => m.method === 'totp')).toBe(true);
    expect(res.body.sessions.some((s) => s.current)).toBe(true);
    expect(res.body.history.some((e) => e.kind === 'data_exported')).toBe(true);
  });

  it('refuses a token without a session', async () => {
    const res = await api.yourData.exportData({ extraHeaders: forwarded('192.0.2.62') });
    expect(res.status).toBe(401);
  });
});

describe('ask for deletion', () => {
  it('says what deletion means, ends every session at the request, and is cancelled by the owner signing in during the grace period', async () => {
    const first = await strongSession('192.0.2.63');
    const other = await strongSession('192.0.2.64');

    const before = await api.yourData.getDeletion({ extraHeaders: first.headers });
    expect(before.status).toBe(200);
    if (before.status !== 200) return;
    expect(before.body.consequences.length).toBeGreaterThan(0);
    expect(before.body.grace_days).toBeGreaterThan(0);
    expect(before.body.scheduled).toBeNull();

    const unconfirmed = await api.yourData.requestDeletion({
      body: { confirm: false as true },
      extraHeaders: first.headers,
    });
    expect(unconfirmed.status).toBe(400);

    const requested = await api.yourData.requestDeletion({
      body: { confirm: true },
      extraHeaders: first.headers,
    });
    expect(requested.status).toBe(200);
    if (requested.status !== 200) return;
    const { requested_at, delete_at } = requested.body;
    const grace = Date.parse(delete_at) - Date.parse(requested_at);
    expect(Math.round(grace / DAY_MS)).toBe(before.body.grace_days);

    // Every session ended, the one that asked too.
    for (const session of [first, other]) {
      const read = await api.profile.getUser({ extraHeaders: session.headers });
      expect(read.status).toBe(401);
    }

    // The owner signs in during the grace period: the request is there, and can be cancelled.
    const back = await strongSession('192.0.2.63');
    const pending = await api.yourData.getDeletion({ extraHeaders: back.headers });
    expect(pending.status === 200 && pending.body.scheduled).toEqual({ requested_at, delete_at });
    const again = await api.yourData.requestDeletion({
      body: { confirm: true },
      extraHeaders: back.headers,
    });
    expect(again.status).toBe(409);

    const cancelled = await api.yourData.cancelDeletion({ extraHeaders: back.headers });
    expect(cancelled.status).toBe(204);
    const after = await api.yourData.getDeletion({ extraHeaders: back.headers });
    expect(after.status === 200 && after.body.scheduled).toBeNull();
    const twice = await api.yourData.cancelDeletion({ extraHeaders: back.headers });
    expect(twice.status).toBe(404);

    const history = await api.sessions.listHistory({ query: {}, extraHeaders: back.headers });
    expect(history.status).toBe(200);
    if (history.status !== 200) return;
    const kinds = history.body.events.map((e) => e.kind);
    expect(kinds).toContain('deletion_requested');
    expect(kinds).toContain('deletion_cancelled');
  });
});
