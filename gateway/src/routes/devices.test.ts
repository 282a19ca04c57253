import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  asksSecondFactor,
  browserHeaders,
  DEMO_PASSWORD,
  passwordSignIn,
  signIn,
  testStack,
} from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  stack.deviceId = crypto.randomUUID();
});

function as(token: string) {
  const headers = browserHeaders(stack);
  const { 'content-type': _json, ...bodiless } = headers;
  const cookies = { access_token: token };
  return {
    get: (url: string) => stack.gateway.inject({ method: 'GET', url, headers: bodiless, cookies }),
    del: (url: string) =>
      stack.gateway.inject({ method: 'DELETE', url, headers: bodiless, cookies }),
    send: (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
      stack.gateway.inject({ method, url, headers, cookies, payload: JSON.stringify(payload) }),
  };
}

describe('trusted devices through the gateway', () => {
  it('lists this browser as a trusted device, without its device id, and stops trusting it', async () => {
    const me = await signIn(stack, 'employee@example.be', undefined, { trustDevice: true });
    const res = await as(me).get('/api/trusted-devices');
    expect(res.statusCode).toBe(200);
    const { devices } = res.json();
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ current: true, city: 'Brussels', country: 'BE' });
    expect(res.body).not.toContain(stack.deviceId);

    expect((await as(me).del(`/api/trusted-devices/${devices[0].id}`)).statusCode).toBe(204);
    expect((await as(me).get('/api/trusted-devices')).json().devices).toEqual([]);
    const { events } = (await as(me).get('/api/history?limit=3')).json();
    expect(events[0]).toMatchObject({ kind: 'device_untrusted' });
    // Not trusted any more: the password alone no longer signs in here.
    const again = await passwordSignIn(stack, 'employee@example.be');
    expect(asksSecondFactor(again)).toBe(true);
  });

  it('stops trusting every device at once', async () => {
    const me = await signIn(stack, 'employee@example.be', undefined, { trustDevice: true });
    expect((await as(me).del('/api/trusted-devices')).statusCode).toBe(204);
    expect((await as(me).get('/api/trusted-devices')).json().devices).toEqual([]);
    const { events } = (await as(me).get('/api/history?limit=3')).json();
    expect(events[0]).toMatchObject({ kind: 'devices_untrusted_all', detail: '1 device' });
  });

  it('names a bad id, answers 404 for a device that is not yours, 401 without a session', async () => {
    const me = await signIn(stack);
    const bad = await as(me).del('/api/trusted-devices/not-a-number');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('id');
    expect((await as(me).del('/api/trusted-devices/987654')).statusCode).toBe(404);
    const anonymous = await stack.gateway.inject({
      method: 'GET',
      url: '/api/trusted-devices',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses to stop trusting from another site (CSRF rule)', async () => {
    const me = await signIn(stack, 'employee@example.be', undefined, { trustDevice: true });
    const res = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/trusted-devices',
      // What a form on another site sends: no X-Device-ID.
      headers: { host: 'be.localhost:3000' },
      cookies: { access_token: me },
    });
    expect(res.statusCode).toBe(403);
    expect((await as(me).get('/api/trusted-devices')).json().devices).toHaveLength(1);
  });
});

describe('notification settings through the gateway', () => {
  it('switches the new-device alert off and on, and names a bad field', async () => {
    const me = await signIn(stack);
    expect((await as(me).get('/api/user/notifications')).json()).toEqual({
      new_device_sign_in: true,
    });
    const off = await as(me).send('PATCH', '/api/user/notifications', {
      new_device_sign_in: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ new_device_sign_in: false });
    expect((await as(me).get('/api/user/notifications')).json().new_device_sign_in).toBe(false);

    const bad = await as(me).send('PATCH', '/api/user/notifications', { new_device_sign_in: 1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('new_device_sign_in');
  });
});

describe('breached passwords through the gateway', () => {
  it('passes the 422 password_breached of a change on to the browser', async () => {
    const me = await signIn(stack);
    const res = await as(me).send('POST', '/api/user/password', {
      current_password: DEMO_PASSWORD,
      password: 'Password123!',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'password_breached' });
  });
});
