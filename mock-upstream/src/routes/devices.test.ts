import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { resetStore } from '../store';
import { deviceHeaders, lastCode } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be', portalUrl: 'https://account.example.be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const EMPLOYEE = 'employee@example.be';
const HOUR = 3600_000;

/** Signs in from a device (MFA by e-mail when asked), optionally trusting it; answers the token. */
async function signIn(headers: Record<string, string>, trust = false, username = EMPLOYEE) {
  const first = await app.inject({
    method: 'POST',
    url: '/token',
    headers,
    payload: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  if (first.statusCode === 200) return { token: first.json().access_token as string, mfa: false };
  expect(first.statusCode).toBe(401);
  const { payload, methods } = first.json().mfa;
  const email = methods.find((m: { method: string }) => m.method === 'email');
  await app.inject({
    url: `/mfa/sudo?payload=${encodeURIComponent(payload)}&mfaId=${email.id}`,
    headers,
  });
  const done = await app.inject({
    method: 'POST',
    url: '/mfa/sudo',
    headers,
    payload: { payload, code: lastCode(mock, username), isTrustedDevice: trust },
  });
  expect(done.statusCode).toBe(200);
  return { token: done.json().access_token as string, mfa: true };
}

const call = (token: string, headers: Record<string, string> = {}) => {
  const h = { ...headers, authorization: `Bearer ${token}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers: h }),
    del: (url: string) => app.inject({ method: 'DELETE', url, headers: h }),
    patch: (url: string, payload: unknown) =>
      app.inject({ method: 'PATCH', url, headers: h, payload: payload as object }),
  };
};

const history = async (token: string) =>
  (await call(token).get('/history')).json().events as {
    kind: string;
    detail: string | null;
    id: number;
  }[];

const alerts = (to = EMPLOYEE) => store.outbox.filter((m) => m.to === to && m.code === '');

describe('trusted devices', () => {
  it('lists a trusted device with what it is, where, since when and last used, this one flagged', async () => {
    const laptop = deviceHeaders();
    const { token } = await signIn(laptop, true);
    store.clock.advance(HOUR);
    const again = await signIn(laptop);
    expect(again.mfa).toBe(false);

    const res = await call(again.token, laptop).get('/trusted-devices');
    expect(res.statusCode).toBe(200);
    const [device] = res.json().devices;
    expect(res.json().devices).toHaveLength(1);
    expect(device).toMatchObject({
      device_name: 'Linux computer',
      browser: 'Chrome',
      os: 'Linux',
      city: 'Brussels',
      country: 'BE',
      network: 'local',
      current: true,
    });
    const usedAfter = Date.parse(device.last_used) - Date.parse(device.trusted_since);
    expect(usedAfter).toBeGreaterThanOrEqual(HOUR);
    expect(usedAfter).toBeLessThan(HOUR + 60_000);
    expect(res.body).not.toContain(laptop['x-device-id']);
    // Seen from another device, it is not the current one.
    const other = (await call(token, deviceHeaders()).get('/trusted-devices')).json();
    expect(other.devices[0].current).toBe(false);
  });

  it('tells a private-network address when no city is known', async () => {
    const office = { ...deviceHeaders(), 'x-forwarded-for': '10.20.30.40' };
    const { token } = await signIn(office, true);
    const [device] = (await call(token, office).get('/trusted-devices')).json().devices;
    expect(device).toMatchObject({ city: null, country: null, network: 'private' });
  });

  it('stops trusting one device: its next sign-in asks for MFA again; the history says so', async () => {
    const laptop = deviceHeaders();
    const phone = deviceHeaders();
    await signIn(laptop, true);
    const { token } = await signIn(phone, true);
    const devices = (await call(token, phone).get('/trusted-devices')).json().devices;
    const target = devices.find((d: { current: boolean }) => !d.current);

    expect((await call(token, phone).del(`/trusted-devices/${target.id}`)).statusCode).toBe(204);
    const left = (await call(token, phone).get('/trusted-devices')).json().devices;
    expect(left.map((d: { id: number }) => d.id)).not.toContain(target.id);
    expect((await signIn(laptop)).mfa).toBe(true);
    expect((await signIn(phone)).mfa).toBe(false);
    const events = await history(token);
    expect(events.find((e) => e.kind === 'device_untrusted')?.detail).toBe(
      'Linux computer, Chrome',
    );
    // Gone now: a second stop answers 404.
    expect((await call(token).del(`/trusted-devices/${target.id}`)).statusCode).toBe(404);
  });

  it('stops trusting every device at once', async () => {
    const laptop = deviceHeaders();
    const phone = deviceHeaders();
    await signIn(laptop, true);
    const { token } = await signIn(phone, true);
    expect((await call(token).del('/trusted-devices')).statusCode).toBe(204);
    expect((await call(token).get('/trusted-devices')).json().devices).toEqual([]);
    expect((await signIn(laptop)).mfa).toBe(true);
    expect((await signIn(phone)).mfa).toBe(true);
    const events = await history(token);
    expect(events.find((e) => e.kind === 'devices_untrusted_all')?.detail).toBe('2 devices');
  });

  it("cannot touch another user's device, and names a bad id or a missing session", async () => {
    const { token: mine } = await signIn(deviceHeaders(), true);
    const { token: theirs } = await signIn(deviceHeaders(), false, 'customer@example.be');
    const own = (await call(mine).get('/trusted-devices')).json().devices[0];
    expect((await call(theirs).del(`/trusted-devices/${own.id}`)).statusCode).toBe(404);
    expect((await call(mine).get('/trusted-devices')).json().devices).toHaveLength(1);

    const bad = await call(mine).del('/trusted-devices/abc');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('id');
    expect((await app.inject({ url: '/trusted-devices' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/trusted-devices' })).statusCode).toBe(401);
  });
});

describe('new-device sign-in alert', () => {
  it('says nothing for the first device, then e-mails device, place, time and a link in the user language', async () => {
    const laptop = deviceHeaders();
    const { token } = await signIn(laptop);
    expect(alerts()).toHaveLength(0);

    const phone = {
      ...deviceHeaders(),
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    };
    await signIn(phone);
    const [alert] = alerts();
    expect(alerts()).toHaveLength(1);
    // employee@example.be reads Dutch.
    expect(alert?.subject).toBe('Nieuwe aanmelding op je account');
    expect(alert?.text).toContain('Apparaat: iPhone, Safari');
    expect(alert?.text).toContain('Plaats: Brussels, België');
    expect(alert?.text).toMatch(/Tijdstip: \w+dag \d+ \w+ \d{4}/);
    const event = (await history(token)).find((e) => e.kind === 'new_device_sign_in');
    expect(event?.detail).toBe('alert sent');
    // "This wasn't me": a single-use lock link that works signed out (routes/lockdown.test.ts).
    expect(alert?.link).toMatch(
      /^https:\/\/account\.example\.be\/lock-account\/link\?token=[\w-]{43}$/,
    );
    expect(alert?.text).toContain(alert?.link);

    // The same devices again: nothing new.
    await signIn(phone);
    await signIn(laptop);
    expect(alerts()).toHaveLength(1);
  });

  it('writes the alert in French for a French-speaking user', async () => {
    await signIn(deviceHeaders(), false, 'customer@example.be');
    await signIn(deviceHeaders(), false, 'customer@example.be');
    const [alert] = alerts('customer@example.be');
    expect(alert?.subject).toBe('Nouvelle connexion à votre compte');
    expect(alert?.text).toContain('Lieu : Brussels, Belgique');
  });

  it('sends none once switched off, but the history still records the new device', async () => {
    const { token } = await signIn(deviceHeaders());
    const off = await call(token).patch('/user/notifications', { new_device_sign_in: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ new_device_sign_in: false });
    expect((await call(token).get('/user/notifications')).json()).toEqual({
      new_device_sign_in: false,
    });
    await signIn(deviceHeaders());
    expect(alerts()).toHaveLength(0);
    expect((await history(token)).find((e) => e.kind === 'new_device_sign_in')?.detail).toBe(
      'alert off',
    );
  });
});

describe('notification settings', () => {
  it('are on by default and refuse bad input naming the field', async () => {
    const { token } = await signIn(deviceHeaders());
    expect((await call(token).get('/user/notifications')).json()).toEqual({
      new_device_sign_in: true,
    });
    const wrongType = await call(token).patch('/user/notifications', { new_device_sign_in: 'no' });
    expect(wrongType.statusCode).toBe(400);
    expect(JSON.stringify(wrongType.json().issues)).toContain('new_device_sign_in');
    const empty = await call(token).patch('/user/notifications', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message + JSON.stringify(empty.json().issues)).toContain(
      'new_device_sign_in',
    );
    const unknown = await call(token).patch('/user/notifications', { marketing: true });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('marketing');
    expect((await app.inject({ url: '/user/notifications' })).statusCode).toBe(401);
  });
});
