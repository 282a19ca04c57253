import { beforeEach, describe, expect, it } from 'vitest';
import { apiHeaders, browserHeaders, signIn, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

function as(token: string) {
  // As the web app's client sends them: no content-type on a call without a body.
  const { 'content-type': _json, ...headers } = browserHeaders(stack);
  const cookies = { access_token: token };
  return {
    get: (url: string) => stack.gateway.inject({ method: 'GET', url, headers, cookies }),
    del: (url: string) => stack.gateway.inject({ method: 'DELETE', url, headers, cookies }),
  };
}

const clearedCookie = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
  res.cookies.find((c) => c.name === 'access_token');

describe('devices and sessions through the gateway', () => {
  it('lists the sessions with the current one flagged and no token anywhere', async () => {
    const phone = await signIn(stack);
    const laptop = await signIn(stack);
    const res = await as(laptop).get('/api/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, status: 'active', city: 'Brussels' });
    expect(res.body).not.toContain(laptop);
    expect(res.body).not.toContain(phone);
    expect(res.body).not.toMatch(/access_token|"token"/);
  });

  it('logs out another session and keeps this one signed in', async () => {
    const other = await signIn(stack);
    const me = await signIn(stack);
    const { sessions } = (await as(me).get('/api/sessions')).json();
    const target = sessions.find((s: { current: boolean }) => !s.current);

    const res = await as(me).del(`/api/sessions/${target.id}`);
    expect(res.statusCode).toBe(204);
    expect(clearedCookie(res)).toBeUndefined();
    expect((await as(other).get('/api/user')).statusCode).toBe(401);
    expect((await as(me).get('/api/user')).statusCode).toBe(200);
  });

  it('clears the cookie when the current session is logged out by id', async () => {
    const me = await signIn(stack);
    const { sessions } = (await as(me).get('/api/sessions')).json();
    const own = sessions.find((s: { current: boolean }) => s.current);
    const res = await as(me).del(`/api/sessions/${own.id}`);
    expect(res.statusCode).toBe(204);
    expect(clearedCookie(res)?.value).toBe('');
    expect((await as(me).get('/api/user')).statusCode).toBe(401);
  });

  it('answers 404 for a session id that is not yours', async () => {
    const me = await signIn(stack);
    const res = await as(me).del('/api/sessions/987654');
    expect(res.statusCode).toBe(404);
    expect(clearedCookie(res)).toBeUndefined();
  });

  it('global logout revokes every session and clears the cookie', async () => {
    const other = await signIn(stack);
    const me = await signIn(stack);
    const res = await as(me).del('/api/sessions');
    expect(res.statusCode).toBe(204);
    const cookie = clearedCookie(res);
    expect(cookie?.value).toBe('');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
    expect((await as(me).get('/api/user')).statusCode).toBe(401);
    expect((await as(other).get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a global logout from another site', async () => {
    const me = await signIn(stack);
    const res = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers: { host: 'be.localhost:3000' },
      cookies: { access_token: me },
    });
    expect(res.statusCode).toBe(403);
    expect((await as(me).get('/api/user')).statusCode).toBe(200);
  });

  it('asks to sign in without a cookie', async () => {
    const res = await stack.gateway.inject({
      method: 'GET',
      url: '/api/sessions',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('security history through the gateway', () => {
  it('shows the revocation newest first, with the place it came from', async () => {
    const other = await signIn(stack);
    const me = await signIn(stack);
    const { sessions } = (await as(me).get('/api/sessions')).json();
    const target = sessions.find((s: { current: boolean }) => !s.current);
    await as(me).del(`/api/sessions/${target.id}`);
    expect(other).not.toBe(me);

    const res = await as(me).get('/api/history?limit=5');
    expect(res.statusCode).toBe(200);
    const { events } = res.json();
    expect(events[0]).toMatchObject({ kind: 'session_revoked', city: 'Brussels', country: 'BE' });
    const times = events.map((e: { time: string }) => Date.parse(e.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
