import type { RelyingParty } from '@portal/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { noteSignIn, renameKnownDevice } from '../domain/devices';
import { grantSudo, SUDO_TTL_MS } from '../domain/mfa-codes';
import { findAccountByLogin, issueToken, resetStore } from '../store';
import { assert, newSoftPasskey, register, type SoftPasskey } from '../test-authenticator';
import { deviceHeaders } from '../test-helpers';

const { app, store } = buildMockUpstream({ region: 'be' });
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const RP = { id: 'be.localhost', origin: 'http://be.localhost:3000' };
const ceremony = (challenge: string, rp = RP) => ({ challenge, rpId: rp.id, origin: rp.origin });

function signIn(login = 'employee@example.be', { sudo = true } = {}) {
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  const row = issueToken(store, account.id, { userAgent: deviceHeaders()['user-agent'] });
  if (sudo) grantSudo(store, row.token);
  const headers = { ...deviceHeaders(), authorization: `Bearer ${row.token}` };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { account, token: row.token, call };
}

type Session = ReturnType<typeof signIn>;

async function addPasskey(
  user: Session,
  key: SoftPasskey = newSoftPasskey(),
  name = 'Laptop',
  rp: RelyingParty = RP,
) {
  const options = await user.call('POST', '/passkeys/registration/options', { relying_party: rp });
  expect(options.statusCode).toBe(200);
  const { payload, options: opts } = options.json();
  const res = await user.call('POST', '/passkeys/registration', {
    payload,
    name,
    credential: register(key, ceremony(opts.challenge, rp)),
    relying_party: rp,
  });
  return { res, key };
}

async function startLogin(rp = RP) {
  const res = await app.inject({
    method: 'POST',
    url: '/passkeys/authentication/options',
    headers: deviceHeaders(),
    payload: { purpose: 'login', relying_party: rp },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { payload: string; options: { challenge: string; rpId: string } };
}

function finishLogin(payload: string, credential: object, rp = RP) {
  return app.inject({
    method: 'POST',
    url: '/passkeys/authentication',
    headers: deviceHeaders(),
    payload: { payload, credential, relying_party: rp },
  });
}

describe('passkey registration', () => {
  it('keeps a verified passkey with its name, listed newest first, and records it', async () => {
    const user = signIn();
    expect((await user.call('GET', '/passkeys')).json()).toEqual({
      passkeys: [],
      // The user entity a password manager shows the passkeys under (the Signal API's details).
      user: { id: expect.any(String), name: 'employee@example.be', display_name: 'Emma Peeters' },
    });
    const { res } = await addPasskey(user, newSoftPasskey(), 'Chrome on Linux');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Chrome on Linux', last_used_at: null });
    store.clock.advance(1000);
    await addPasskey(user, newSoftPasskey(), 'Phone');
    const list = (await user.call('GET', '/passkeys')).json().passkeys;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Chrome on Linux']);
    const history = (await user.call('GET', '/history')).json().events;
    expect(history[0]).toMatchObject({ kind: 'passkey_added', detail: 'Phone', browser: 'Chrome' });
  });

  it('asks for user verification and excludes the passkeys the account has', async () => {
    const user = signIn();
    await addPasskey(user);
    const res = await user.call('POST', '/passkeys/registration/options', { relying_party: RP });
    const { options } = res.json();
    expect(options.rp).toEqual({ name: 'Account portal', id: 'be.localhost' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toHaveLength(1);
    expect(JSON.stringify(options.user)).not.toContain(String(user.account.id));
  });

  it('needs a recent MFA check (403 sudo_required)', async () => {
    const user = signIn('employee@example.be', { sudo: false });
    const res = await user.call('POST', '/passkeys/registration/options', { relying_party: RP });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('sudo_required');
  });

  it('refuses an answer to another challenge (422) and spends the ceremony', async () => {
    const user = signIn();
    const first = (
      await user.call('POST', '/passkeys/registration/options', { relying_party: RP })
    ).json();
    const second = (
      await user.call('POST', '/passkeys/registration/options', { relying_party: RP })
    ).json();
    const body = {
      payload: first.payload,
      name: 'Laptop',
      credential: register(newSoftPasskey(), ceremony(second.options.challenge)),
      relying_party: RP,
    };
    const res = await user.call('POST', '/passkeys/registration', body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'passkey_rejected',
      message: 'The passkey answered another challenge. Please start again.',
    });
    const again = await user.call('POST', '/passkeys/registration', body);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('payload_spent');
  });

  it('refuses an answer made on another origin (422)', async () => {
    const user = signIn();
    const { payload, options } = (
      await user.call('POST', '/passkeys/registration/options', { relying_party: RP })
    ).json();
    const res = await user.call('POST', '/passkeys/registration', {
      payload,
      name: 'Laptop',
      credential: register(
        newSoftPasskey(),
        ceremony(options.challenge, { id: RP.id, origin: 'http://evil.localhost:3000' }),
      ),
      relying_party: RP,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The passkey answer comes from another origin than this site.');
  });

  it('refuses a relying-party id that is not the domain of the origin (400)', async () => {
    const user = signIn();
    const res = await user.call('POST', '/passkeys/registration/options', {
      relying_party: { id: 'example.lu', origin: 'https://account.example.be' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'relying_party: example.lu is not the domain of https://account.example.be, nor is it a related origin',
    );
  });
});

describe('one passkey for related origins', () => {
  const BE = { id: 'example.be', origin: 'https://account.example.be' };
  const LU = {
    id: 'example.be',
    origin: 'https://account.example.lu',
    related_origins: ['https://account.example.lu'],
  };

  it('signs in on a related origin with a passkey made under the id', async () => {
    const { res: added, key } = await addPasskey(signIn(), newSoftPasskey(), 'Laptop', BE);
    expect(added.statusCode).toBe(201);
    const { payload, options } = await startLogin(LU);
    expect(options.rpId).toBe('example.be');
    const res = await finishLogin(payload, assert(key, ceremony(options.challenge, LU)), LU);
    expect(res.statusCode).toBe(200);
    expect(res.json().token_type).toBe('Bearer');
  });

  it('refuses an origin outside the id that the related origins do not list', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/passkeys/authentication/options',
      headers: deviceHeaders(),
      payload: {
        purpose: 'login',
        relying_party: { ...LU, related_origins: ['https://account.example.nl'] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('nor is it a related origin');
  });
});

describe('passkey sign-in', () => {
  it('signs in with no further MFA code, holds sudo and records the use', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const { payload, options } = await startLogin();
    expect(options.rpId).toBe('be.localhost');
    store.clock.advance(60_000);
    const res = await finishLogin(payload, assert(key, ceremony(options.challenge)));
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    expect(res.json()).toMatchObject({ token_type: 'Bearer', password_status: 0 });
    const auth = { authorization: `Bearer ${token}` };
    const status = await app.inject({ url: '/mfa/status', headers: auth });
    expect(status.json().sudo).toBe(true);
    const list = (await app.inject({ url: '/passkeys', headers: auth })).json().passkeys;
    // Used a minute after it was added.
    const usedAfter = Date.parse(list[0].last_used_at) - Date.parse(list[0].created_at);
    expect(usedAfter).toBeGreaterThanOrEqual(60_000);
    const kinds = (await app.inject({ url: '/history', headers: auth }))
      .json()
      .events.slice(0, 2)
      .map((e: { kind: string; detail: string }) => [e.kind, e.detail]);
    expect(kinds).toEqual([
      ['passkey_used', 'Laptop'],
      ['login', 'passkey'],
    ]);
  });

  it('alerts the account of a passkey sign-in from a device it has not used before', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const account = findAccountByLogin(store, 'employee@example.be');
    // The account's first device, as a password sign-in would have made it known.
    noteSignIn(store, account?.id ?? 0, { ...deviceHeaders(), deviceId: 'the-usual-laptop' });
    const { payload, options } = await startLogin();
    const res = await finishLogin(payload, assert(key, ceremony(options.challenge)));
    expect(res.statusCode).toBe(200);
    const kinds = store.history.filter((e) => e.accountId === account?.id).map((e) => e.kind);
    expect(kinds).toContain('new_device_sign_in');
    const alert = store.outbox.findLast((m) => m.to === 'employee@example.be' && m.code === '');
    expect(alert?.link).toMatch(/\/lock-account\/link\?token=/);
  });

  it('refuses a replayed assertion', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const { payload, options } = await startLogin();
    const assertion = assert(key, ceremony(options.challenge));
    expect((await finishLogin(payload, assertion)).statusCode).toBe(200);
    // The same answer again: the ceremony served once.
    const replay = await finishLogin(payload, assertion);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().code).toBe('payload_spent');
    // Nor does it pass a new ceremony: it signed another challenge.
    const next = await startLogin();
    const res = await finishLogin(next.payload, assertion);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The passkey answered another challenge. Please start again.');
  });

  it('refuses an old signature counter (a cloned authenticator)', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const first = await startLogin();
    expect(
      (await finishLogin(first.payload, assert(key, ceremony(first.options.challenge)))).statusCode,
    ).toBe(200);
    key.counter = 0;
    const second = await startLogin();
    const res = await finishLogin(second.payload, assert(key, ceremony(second.options.challenge)));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'This passkey answer was already used (its counter did not increase).',
    );
  });

  it('refuses an unknown passkey (422 passkey_unknown)', async () => {
    const { payload, options } = await startLogin();
    const res = await finishLogin(payload, assert(newSoftPasskey(), ceremony(options.challenge)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'passkey_unknown',
      message:
        'This passkey is not registered here. Sign in with your password, then add it under Security.',
    });
  });

  it('refuses a passkey of another site and an answer from another origin', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const lu = { id: 'lu.localhost', origin: 'http://lu.localhost:3000' };
    const there = await startLogin(lu);
    const res = await finishLogin(
      there.payload,
      assert(key, ceremony(there.options.challenge, lu)),
      lu,
    );
    expect(res.json().code).toBe('passkey_unknown');
    const here = await startLogin();
    const phished = await finishLogin(
      here.payload,
      assert(
        key,
        ceremony(here.options.challenge, { id: RP.id, origin: 'http://be.localhost:9999' }),
      ),
    );
    expect(phished.statusCode).toBe(422);
    expect(phished.json().message).toBe(
      'The passkey answer comes from another origin than this site.',
    );
  });

  it('an expired ceremony is gone (410)', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const { payload, options } = await startLogin();
    store.clock.advance(5 * 60_000 + 1);
    const res = await finishLogin(payload, assert(key, ceremony(options.challenge)));
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('payload_expired');
  });
});

describe('passkey step-up, rename and delete', () => {
  it('a passkey passes the step-up of its own account only', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    store.clock.advance(SUDO_TTL_MS + 1);
    const del = await user.call('DELETE', `/passkeys/${key.id}`);
    expect(del.statusCode).toBe(403);

    const other = signIn('totp@example.be');
    const start = await other.call('POST', '/passkeys/authentication/options', {
      purpose: 'sudo',
      relying_party: RP,
    });
    expect(start.statusCode).toBe(404);
    expect(start.json().code).toBe('passkey_not_found');

    const mine = (
      await user.call('POST', '/passkeys/authentication/options', {
        purpose: 'sudo',
        relying_party: RP,
      })
    ).json();
    expect(mine.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    const res = await user.call('POST', '/passkeys/authentication', {
      payload: mine.payload,
      credential: assert(key, ceremony(mine.options.challenge)),
      relying_party: RP,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sudo: true });
    expect((await user.call('DELETE', `/passkeys/${key.id}`)).statusCode).toBe(204);
    const history = (await user.call('GET', '/history')).json().events;
    expect(history.slice(0, 2).map((e: { kind: string }) => e.kind)).toEqual([
      'passkey_removed',
      'passkey_used',
    ]);
  });

  it('renames one of yours; 404 for anyone else', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const res = await user.call('PATCH', `/passkeys/${key.id}`, { name: '  Work laptop ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Work laptop');
    const other = signIn('totp@example.be');
    const theirs = await other.call('PATCH', `/passkeys/${key.id}`, { name: 'Mine now' });
    expect(theirs.statusCode).toBe(404);
    expect((await other.call('DELETE', `/passkeys/${key.id}`)).statusCode).toBe(404);
    const empty = await user.call('PATCH', `/passkeys/${key.id}`, { name: '   ' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('what a passkey tells', () => {
  const GOOGLE_PASSWORD_MANAGER = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';

  it("keeps the authenticator's AAGUID, null for one that names none", async () => {
    const user = signIn();
    await addPasskey(user, newSoftPasskey(GOOGLE_PASSWORD_MANAGER), 'Phone');
    store.clock.advance(1000);
    await addPasskey(user, newSoftPasskey(), 'Key');
    const list = (await user.call('GET', '/passkeys')).json().passkeys;
    expect(list.map((p: { name: string; aaguid: string | null }) => [p.name, p.aaguid])).toEqual([
      ['Key', null],
      ['Phone', GOOGLE_PASSWORD_MANAGER],
    ]);
  });

  it('e-mails the account each new passkey in its language, linking its history event', async () => {
    const user = signIn();
    await addPasskey(user, newSoftPasskey(), 'Chrome on Linux');
    const mail = store.outbox.findLast((m) => m.to === 'employee@example.be');
    // The demo employee reads Dutch.
    expect(mail?.subject).toBe('Er is een passkey aan je account toegevoegd');
    expect(mail?.text).toContain('‘Chrome on Linux’');
    const event = store.history.findLast((e) => e.kind === 'passkey_added');
    expect(mail?.link).toBe(`${store.portalUrl}/security/history?event=${event?.id}`);
  });

  it('names the user handle the passkeys carry, the one the browser answers with', async () => {
    const user = signIn();
    const { key } = await addPasskey(user);
    const { user: entity } = (await user.call('GET', '/passkeys')).json();
    const options = await user.call('POST', '/passkeys/registration/options', {
      relying_party: RP,
    });
    expect(options.json().options.user).toMatchObject({
      id: entity.id,
      name: entity.name,
      displayName: entity.display_name,
    });
    expect(key.id).not.toBe(entity.id);
  });
});

describe('the passkey offer after a password sign-in', () => {
  /** A password sign-in on `deviceId`: the device becomes known, the session is opened there. */
  function signInOn(deviceId: string) {
    const account = findAccountByLogin(store, 'employee@example.be');
    if (!account) throw new Error('no demo account');
    const from = { userAgent: deviceHeaders()['user-agent'], deviceId, ip: '127.0.0.1' };
    noteSignIn(store, account.id, from);
    const row = issueToken(store, account.id, from);
    grantSudo(store, row.token);
    const headers = { ...deviceHeaders(deviceId), authorization: `Bearer ${row.token}` };
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { account, token: row.token, call };
  }
  const offered = async (user: { call: ReturnType<typeof signInOn>['call'] }) =>
    (await user.call('GET', '/passkeys/offer')).json().offer as boolean;
  const laptop = '6f0d1a5e-2c0a-4f43-9b9e-0d6f4f1f2a01';
  const phone = '6f0d1a5e-2c0a-4f43-9b9e-0d6f4f1f2a02';

  it('offers a password session a passkey until one is made on its device', async () => {
    const user = signInOn(laptop);
    expect(await offered(user)).toBe(true);
    await addPasskey(user);
    expect(await offered(user)).toBe(false);
    expect(await offered(signInOn(laptop))).toBe(false);
    // Another device of the account has none of its own yet.
    expect(await offered(signInOn(phone))).toBe(true);
  });

  it('offers it again once the passkey made on the device is removed', async () => {
    const user = signInOn(laptop);
    const { res } = await addPasskey(user);
    expect((await user.call('GET', '/passkeys/offer')).json()).toEqual({ offer: false });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/passkeys/${res.json().id}`,
      headers: { ...deviceHeaders(laptop), authorization: `Bearer ${user.token}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(await offered(user)).toBe(true);
  });

  it('never offers it on a device that answered "Not now", but does on the others', async () => {
    const user = signInOn(laptop);
    expect((await user.call('POST', '/passkeys/offer/decline')).statusCode).toBe(204);
    expect(await offered(user)).toBe(false);
    expect(await offered(signInOn(laptop))).toBe(false);
    expect(await offered(signInOn(phone))).toBe(true);
  });

  it('keeps "Not now" when the portal renews the device key at the code step', async () => {
    const user = signInOn(laptop);
    await user.call('POST', '/passkeys/offer/decline');
    renameKnownDevice(store, user.account.id, laptop, phone);
    expect(await offered(signInOn(phone))).toBe(false);
  });

  it('offers nothing to a session opened by a passkey, nor on a device it was used on', async () => {
    const user = signInOn(laptop);
    const { key } = await addPasskey(user);
    const { payload, options } = await startLogin();
    const res = await app.inject({
      method: 'POST',
      url: '/passkeys/authentication',
      headers: deviceHeaders(phone),
      payload: {
        payload,
        credential: assert(key, ceremony(options.challenge)),
        relying_party: RP,
      },
    });
    const auth = { authorization: `Bearer ${res.json().access_token}` };
    expect((await app.inject({ url: '/passkeys/offer', headers: auth })).json()).toEqual({
      offer: false,
    });
    // A later password sign-in on that phone: it holds the passkey already.
    expect(await offered(signInOn(phone))).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({ url: '/passkeys/offer', headers: deviceHeaders() });
    expect(res.statusCode).toBe(401);
    const decline = await app.inject({
      method: 'POST',
      url: '/passkeys/offer/decline',
      headers: deviceHeaders(),
    });
    expect(decline.statusCode).toBe(401);
  });
});
