import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { grantSudo } from '../domain/mfa-codes';
import { findAccountByLogin, issueToken, resetStore } from '../store';

const { app, store } = buildMockUpstream({ region: 'be' });
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

function signIn(login: string, userAgent: string, client: { clientId: number } | null = null) {
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  const row = issueToken(
    store,
    account.id,
    { userAgent, ip: '127.0.0.1', deviceId: crypto.randomUUID() },
    client && { clientId: client.clientId, scopes: ['user'] },
  );
  const headers = { authorization: `Bearer ${row.token}` };
  return {
    account,
    row,
    token: row.token,
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    del: (url: string) => app.inject({ method: 'DELETE', url, headers }),
    inject: (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({ method, url, headers, payload }),
  };
}

describe('devices and sessions', () => {
  it('lists each sign-in with device, place and activity, current first, and no token', async () => {
    const phone = signIn('employee@example.be', SAFARI_IPHONE);
    store.clock.advance(60_000);
    const laptop = signIn('employee@example.be', FIREFOX_WINDOWS);
    signIn('totp@example.be', FIREFOX_WINDOWS);

    const res = await laptop.get('/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      id: laptop.row.id,
      device_name: 'Windows computer',
      browser: 'Firefox',
      os: 'Windows',
      city: 'Brussels',
      country: 'BE',
      status: 'active',
      current: true,
      services: [],
    });
    expect(sessions[1]).toMatchObject({
      id: phone.row.id,
      device_name: 'iPhone',
      browser: 'Safari',
      os: 'iOS',
      current: false,
    });
    expect(Date.parse(sessions[1].first_connection)).toBeLessThan(
      Date.parse(sessions[0].first_connection),
    );
    expect(res.body).not.toContain(laptop.token);
    expect(res.body).not.toContain(phone.token);
  });

  it('names the partner app a token was issued to and shows activity', async () => {
    const me = signIn('employee@example.be', FIREFOX_WINDOWS);
    const partner = signIn('employee@example.be', FIREFOX_WINDOWS, { clientId: 101 });
    store.clock.advance(5 * 60_000);
    await partner.get('/user');
    const { sessions } = (await me.get('/sessions')).json();
    const shop = sessions.find((s: { id: number }) => s.id === partner.row.id);
    expect(shop.services).toEqual(['Partner Shop']);
    expect(
      Date.parse(shop.recent_activity) - Date.parse(shop.first_connection),
    ).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it('logs out one session: its token gets 401, the list says revoked, history records it', async () => {
    const other = signIn('employee@example.be', SAFARI_IPHONE);
    const me = signIn('employee@example.be', FIREFOX_WINDOWS);
    expect((await other.get('/user')).statusCode).toBe(200);

    const res = await me.del(`/sessions/${other.row.id}`);
    expect(res.statusCode).toBe(204);
    expect((await other.get('/user')).statusCode).toBe(401);
    expect((await me.get('/user')).statusCode).toBe(200);

    const { sessions } = (await me.get('/sessions')).json();
    expect(sessions.find((s: { id: number }) => s.id === other.row.id).status).toBe('revoked');
    const { events } = (await me.get('/history')).json();
    expect(events[0]).toMatchObject({
      kind: 'session_revoked',
      device_name: 'Windows computer',
      detail: 'iPhone, Safari',
    });
  });

  it("answers 404 for a session that is not the user's", async () => {
    const stranger = signIn('totp@example.be', SAFARI_IPHONE);
    const me = signIn('employee@example.be', FIREFOX_WINDOWS);
    expect((await me.del(`/sessions/${stranger.row.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/user')).statusCode).toBe(200);
    expect((await me.del('/sessions/999999')).statusCode).toBe(404);
    expect((await me.del('/sessions/abc')).statusCode).toBe(400);
  });

  it('logs out everywhere, this session included', async () => {
    const other = signIn('employee@example.be', SAFARI_IPHONE);
    const partner = signIn('employee@example.be', SAFARI_IPHONE, { clientId: 101 });
    const me = signIn('employee@example.be', FIREFOX_WINDOWS);
    const stranger = signIn('totp@example.be', SAFARI_IPHONE);

    expect((await me.del('/sessions')).statusCode).toBe(204);
    for (const s of [other, partner, me]) expect((await s.get('/user')).statusCode).toBe(401);
    expect((await stranger.get('/user')).statusCode).toBe(200);
    const kinds = store.history.filter((e) => e.accountId === me.account.id).map((e) => e.kind);
    expect(kinds).toContain('sessions_revoked_all');
  });

  it('needs a live token', async () => {
    expect((await app.inject({ url: '/sessions' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/sessions' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/history' })).statusCode).toBe(401);
  });
});

describe('security history', () => {
  it('lists what happened, newest first, with device and place', async () => {
    const me = signIn('employee@example.be', FIREFOX_WINDOWS);
    grantSudo(store, me.token);
    await me.inject('PUT', '/user/iban', { iban: 'BE71096123456769', country: 'BE' });
    store.clock.advance(60_000);
    await me.inject('PUT', '/user/iban', { iban: 'NL91ABNA0417164300', country: 'NL' });
    store.clock.advance(60_000);
    const other = signIn('employee@example.be', SAFARI_IPHONE);
    await me.del(`/sessions/${other.row.id}`);

    const res = await me.get('/history');
    expect(res.statusCode).toBe(200);
    const { events } = res.json();
    expect(events.map((e: { kind: string }) => e.kind)).toEqual([
      'session_revoked',
      'iban_changed',
      'iban_changed',
    ]);
    expect(events[1]).toMatchObject({
      detail: 'NL91 **** 4300',
      device_name: 'Windows computer',
      browser: 'Firefox',
      os: 'Windows',
      city: 'Brussels',
      country: 'BE',
    });
    const times = events.map((e: { time: string }) => Date.parse(e.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeGreaterThan(times[2]);

    const limited = (await me.get('/history?limit=1')).json().events;
    expect(limited).toHaveLength(1);
    expect((await me.get('/history?limit=0')).statusCode).toBe(400);
  });

  it("shows only the user's own events", async () => {
    const stranger = signIn('totp@example.be', FIREFOX_WINDOWS);
    const me = signIn('employee@example.be', FIREFOX_WINDOWS);
    await stranger.del('/sessions');
    expect((await me.get('/history')).json().events).toEqual([]);
  });
});
