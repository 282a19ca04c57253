import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { LOCK_LINK_TTL_MS } from '../domain/lockdown';
import { DEMO_PASSWORD } from '../seed';
import { resetStore } from '../store';
import { deviceHeaders, lastCode, signInAs } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be', portalUrl: 'https://account.example.be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const EMPLOYEE = 'employee@example.be';

const as = (token: string) => ({ ...deviceHeaders(), authorization: `Bearer ${token}` });
const post = (url: string, payload: object, headers: Record<string, string> = deviceHeaders()) =>
  app.inject({ method: 'POST', url, headers, payload });
const passwordSignIn = (password = DEMO_PASSWORD) =>
  post('/token', { grant_type: 'password', username: EMPLOYEE, password });

/** Two sign-ins from two devices: the second's e-mail alert carries a lock link. */
async function lockLinkOfAlert(): Promise<{ token: string; first: string; second: string }> {
  const first = await signInAs(mock, EMPLOYEE);
  const second = await signInAs(mock, EMPLOYEE);
  const alert = store.outbox.findLast(
    (m) => m.to === EMPLOYEE && m.link?.includes('/lock-account'),
  );
  const token = new URL(alert?.link ?? 'http://none').searchParams.get('token');
  if (!token) throw new Error('no lock link in the new-device alert');
  return { token, first, second };
}

describe('lock my account by the link of a new-device alert', () => {
  it('names the account without spending the link, then locks it: sessions, grants and trusted devices end', async () => {
    const { token, first, second } = await lockLinkOfAlert();
    store.grants.push({
      accountId: store.tokens.get(first)?.accountId ?? 0,
      clientId: 101,
      scopes: ['user'],
      createdAt: 0,
    });

    const accountId = store.tokens.get(first)?.accountId ?? 0;
    store.trustedDevices.push({
      id: 9001,
      accountId,
      deviceId: 'd1',
      since: 0,
      until: Date.now() * 2,
    });

    const peek = await post('/account/lockdown/link/check', { token });
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toEqual({ firstname: 'Emma', login: 'e•••e@example.be' });

    const locked = await post('/account/lockdown/link', { token });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ sessions_ended: 2, grants_revoked: 1 });
    for (const session of [first, second]) {
      expect((await app.inject({ url: '/user', headers: as(session) })).statusCode).toBe(401);
    }
    expect(store.grants.filter((g) => g.clientId === 101)).toHaveLength(0);
    expect(store.trustedDevices.filter((d) => d.accountId === accountId)).toHaveLength(0);

    // Single use: the link is spent, and says so.
    const again = await post('/account/lockdown/link', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'link_used' });
  });

  it('refuses a made-up link (400) and an expired one (410), each in its words', async () => {
    const madeUp = await post('/account/lockdown/link', { token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ code: 'invalid_link' });
    const malformed = await post('/account/lockdown/link/check', { token: 'short' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('not a valid lock link');

    const { token } = await lockLinkOfAlert();
    store.clock.advance(LOCK_LINK_TTL_MS + 1);
    const expired = await post('/account/lockdown/link/check', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'link_expired' });
  });
});

describe('lock my account signed in', () => {
  it('needs a recent second factor', async () => {
    const token = await signInAs(mock, EMPLOYEE);
    store.sudoUntil.clear();
    const refused = await app.inject({
      method: 'POST',
      url: '/account/lockdown',
      headers: as(token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'sudo_required' });
  });

  it('asks for a reset before any sign-in, tells every verified contact, records it, then puts the second factors up for review', async () => {
    const token = await signInAs(mock, EMPLOYEE);
    const before = store.outbox.length;
    const locked = await app.inject({
      method: 'POST',
      url: '/account/lockdown',
      headers: as(token),
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ sessions_ended: 1, notified: 2 });
    const told = store.outbox.slice(before);
    expect(told.map((m) => [m.channel, m.to])).toEqual([
      ['email', EMPLOYEE],
      ['sms', '+32470000001'],
    ]);
    // employee@example.be reads Dutch.
    expect(told[0]?.subject).toBe('Je account is vergrendeld');

    const right = await passwordSignIn();
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'password_reset_required' });
    // A wrong password tells nothing of the lock.
    expect((await passwordSignIn('Wrong-Password-1!')).statusCode).toBe(400);

    // The reset journey replaces the password; the sign-in that follows works and the review waits.
    const headers = deviceHeaders();
    const forgot = await post(
      '/user/forgot-password',
      { login: EMPLOYEE, technology: 'email' },
      headers,
    );
    const { payload } = forgot.json() as { payload: string };
    const reset = await post(
      '/user/reset-password',
      { payload, code: lastCode(mock, EMPLOYEE), password: 'A-new-Passw0rd!' },
      headers,
    );
    expect(reset.statusCode).toBe(204);
    const signedIn = await post(
      '/token',
      { grant_type: 'password', username: EMPLOYEE, password: 'A-new-Passw0rd!' },
      headers,
    );
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json().access_token as string;
    const user = await app.inject({ url: '/user', headers: as(session) });
    expect(user.json().data.security_review).toBe(true);

    const reviewed = await app.inject({
      method: 'POST',
      url: '/account/security-review',
      headers: as(session),
    });
    expect(reviewed.statusCode).toBe(204);
    const after = await app.inject({ url: '/user', headers: as(session) });
    expect(after.json().data).not.toHaveProperty('security_review');
    const kinds = (await app.inject({ url: '/history', headers: as(session) }))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['account_locked', 'security_reviewed']));
  });
});
