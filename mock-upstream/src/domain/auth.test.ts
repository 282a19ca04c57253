import { randomUUID } from 'node:crypto';
import { authenticator } from 'otplib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed';
import { nextId, resetStore } from '../store';
import { deviceHeaders, lastCode, signInAs, tokenForm } from '../test-helpers';
import { PARTNER } from '../test-partner';

const mock = buildMockUpstream({ region: 'be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const MINUTE = 60_000;

interface Method {
  id: number;
  method: string;
  target: string | null;
}

function passwordGrant(username: string, password = DEMO_PASSWORD, headers = deviceHeaders()) {
  return app.inject({
    method: 'POST',
    url: '/token',
    headers,
    payload: { grant_type: 'password', username, password },
  });
}

async function mfaNeeded(username: string, headers = deviceHeaders()) {
  const res = await passwordGrant(username, DEMO_PASSWORD, headers);
  expect(res.statusCode).toBe(401);
  return res.json().mfa as { payload: string; methods: Method[] };
}

function startSudo(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return app.inject({ url: `/mfa/sudo?${qs}`, headers });
}

function confirmSudo(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/mfa/sudo', headers, payload: body });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const methodOf = (methods: Method[], kind: string) => {
  const m = methods.find((x) => x.method === kind);
  if (!m) throw new Error(`no ${kind} method`);
  return m;
};

describe('password grant', () => {
  it('signs in an account without MFA at once and records the sign-in with its device', async () => {
    const res = await passwordGrant('customer@example.be');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', password_status: 0 });
    const account = [...store.accounts.values()].find((a) => a.customer_user_id === 2001);
    const login = store.history.filter((e) => e.accountId === account?.id && e.kind === 'login');
    expect(login).toHaveLength(1);
    expect(login[0]).toMatchObject({ browser: 'Chrome', os: 'Linux', city: 'Brussels' });
    const session = store.tokens.get(res.json().access_token);
    expect(session).toMatchObject({ browser: 'Chrome', deviceName: 'Linux computer' });
  });

  it('answers 401 with a payload and masked methods when the account has MFA', async () => {
    const res = await passwordGrant('employee@example.be');
    expect(res.statusCode).toBe(401);
    const { mfa } = res.json();
    expect(mfa.payload.length).toBeGreaterThanOrEqual(40);
    expect(mfa.methods.map((m: Method) => m.method)).toEqual(['email', 'sms']);
    expect(mfa.methods[0]).toMatchObject({ target: 'e•••e@example.be', primary: true });
    expect(mfa.methods[1].target).toBe('+32 4•••01');
    expect(res.body).not.toContain('employee@example.be');
  });

  it('takes a phone number typed the Belgian way', async () => {
    expect((await passwordGrant('0470 00 00 03')).statusCode).toBe(200);
  });

  it('flags a weak password with its status', async () => {
    const { payload, methods } = await mfaNeeded('weak@example.be');
    await startSudo({ payload, mfaId: methodOf(methods, 'email').id });
    const res = await confirmSudo({ payload, code: lastCode(mock, 'weak@example.be') });
    expect(res.json().password_status).toBe(1);
  });

  it('accepts a form-encoded body, as OAuth clients send it', async () => {
    const res = await tokenForm(mock, {
      grant_type: 'password',
      username: 'customer@example.be',
      password: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });

  it('hands an authorization_code grant to the code exchange (a made-up code fails)', async () => {
    const res = await tokenForm(mock, {
      grant_type: 'authorization_code',
      code: 'made-up',
      ...PARTNER,
      code_verifier: 'a'.repeat(43),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_grant');
  });

  it('names the wrong field of a body that is neither grant', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/token',
      payload: { grant_type: 'client_credentials' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('body.grant_type');
  });
});

describe('lockout', () => {
  it('gives 429 with Retry-After to the sixth wrong password, and records the failures', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await passwordGrant('customer@example.be', 'wrong-password');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid username/password.');
      store.clock.advance(MINUTE);
    }
    const sixth = await passwordGrant('customer@example.be', 'wrong-password');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many attempts. Please try again later.');
    expect(sixth.headers['retry-after']).toBe('840');
    // Locked means locked: the right password waits too.
    expect((await passwordGrant('customer@example.be')).statusCode).toBe(429);
    const failed = store.history.filter((e) => e.kind === 'login_failed');
    expect(failed).toHaveLength(5);
    expect(failed[4]?.detail).toBe('locked');

    store.clock.advance(14 * MINUTE + 1000);
    expect((await passwordGrant('customer@example.be')).statusCode).toBe(200);
  });

  it('says how many tries remain once three or fewer are left, for unknown logins alike', async () => {
    for (const login of ['customer@example.be', 'nobody-here@example.be']) {
      const left = [];
      for (let i = 0; i < 4; i++) {
        const res = await passwordGrant(login, 'wrong-password');
        expect(res.statusCode).toBe(400);
        left.push(res.json().attempts_left);
      }
      expect(left, login).toEqual([undefined, 3, 2, 1]);
      expect((await passwordGrant(login, 'wrong-password')).json().attempts_left).toBeUndefined();
      expect((await passwordGrant(login, 'wrong-password')).statusCode).toBe(429);
    }
  });

  it('counts only the failures of the last 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await passwordGrant('customer@example.be', 'wrong-password');
    store.clock.advance(16 * MINUTE);
    expect((await passwordGrant('customer@example.be', 'wrong-password')).statusCode).toBe(400);
    expect((await passwordGrant('customer@example.be')).statusCode).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await passwordGrant('customer@example.be', 'wrong-password');
    expect((await passwordGrant('customer@example.be')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await passwordGrant('customer@example.be', 'wrong-password');
    expect((await passwordGrant('customer@example.be')).statusCode).toBe(200);
  });
});

describe('MFA at sign-in by e-mail and SMS', () => {
  it('sends an 8-digit code to the outbox and signs in with it, sudo included', async () => {
    const { payload, methods } = await mfaNeeded('employee@example.be');
    const started = await startSudo({ payload, mfaId: methodOf(methods, 'sms').id });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ payload, method: 'sms', target: '+32 4•••01' });
    const code = lastCode(mock, '+32470000001');
    expect(code).toMatch(/^\d{8}$/);
    expect(started.body).not.toContain(code);

    const done = await confirmSudo({ payload, code });
    expect(done.statusCode).toBe(200);
    const answer = done.json();
    expect(answer).toMatchObject({ token_type: 'Bearer', password_status: 0 });
    expect(answer.fuzzion).toBeUndefined();
    const status = await app.inject({ url: '/mfa/status', headers: bearer(answer.access_token) });
    expect(status.json()).toEqual({ need_card: false, single: false, sudo: true });
    store.clock.advance(15 * MINUTE + 1);
    const later = await app.inject({ url: '/mfa/status', headers: bearer(answer.access_token) });
    expect(later.json().sudo).toBe(false);
  });

  it('uses the primary method when no mfaId is given', async () => {
    const { payload } = await mfaNeeded('employee@example.be');
    expect((await startSudo({ payload })).json().method).toBe('email');
    expect(lastCode(mock, 'employee@example.be')).toMatch(/^\d{8}$/);
  });

  it('refuses a code after 10 minutes; a resent one works', async () => {
    const { payload, methods } = await mfaNeeded('employee@example.be');
    const mfaId = methodOf(methods, 'email').id;
    await startSudo({ payload, mfaId });
    const old = lastCode(mock, 'employee@example.be');
    store.clock.advance(10 * MINUTE + 1);
    const late = await confirmSudo({ payload, code: old });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('The code has expired. Please ask for a new one.');

    await startSudo({ payload, mfaId });
    const fresh = lastCode(mock, 'employee@example.be');
    expect((await confirmSudo({ payload, code: old })).statusCode).toBe(422);
    expect((await confirmSudo({ payload, code: fresh })).statusCode).toBe(200);
  });

  it('spends the payload after 5 wrong codes: even the right one fails then', async () => {
    const { payload } = await mfaNeeded('employee@example.be');
    await startSudo({ payload });
    const code = lastCode(mock, 'employee@example.be');
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 4; i++) {
      const res = await confirmSudo({ payload, code: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The code is invalid.' });
    }
    const fifth = await confirmSudo({ payload, code: wrong });
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().code).toBe('payload_spent');
    expect((await confirmSudo({ payload, code })).statusCode).toBe(410);
    expect((await startSudo({ payload })).statusCode).toBe(410);
  });

  it('uses a code once: the payload is spent by the sign-in', async () => {
    const { payload } = await mfaNeeded('employee@example.be');
    await startSudo({ payload });
    const code = lastCode(mock, 'employee@example.be');
    expect((await confirmSudo({ payload, code })).statusCode).toBe(200);
    expect((await confirmSudo({ payload, code })).statusCode).toBe(410);
  });

  it('needs a method started before a code is confirmed, and a known payload', async () => {
    const { payload } = await mfaNeeded('employee@example.be');
    const early = await confirmSudo({ payload, code: '12345678' });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('method_not_started');
    const unknown = await confirmSudo({ payload: 'not-a-payload', code: '12345678' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_payload');
  });

  it("refuses another account's method id", async () => {
    const other = await mfaNeeded('partner@example.be');
    const { payload } = await mfaNeeded('employee@example.be');
    const res = await startSudo({ payload, mfaId: methodOf(other.methods, 'email').id });
    expect(res.statusCode).toBe(404);
  });

  it('lets the payload expire after 30 minutes', async () => {
    const { payload } = await mfaNeeded('employee@example.be');
    store.clock.advance(31 * MINUTE);
    const res = await startSudo({ payload });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('payload_expired');
  });
});

describe('authenticator app and recovery keys', () => {
  it('signs in with a real authenticator code (one step of drift allowed)', async () => {
    const { payload, methods } = await mfaNeeded('totp@example.be');
    expect(methods.map((m) => m.method)).toEqual(['totp', 'email', 'totpRecovery']);
    const started = await startSudo({ payload, mfaId: methodOf(methods, 'totp').id });
    expect(started.json()).toEqual({ payload, method: 'totp', target: null });
    expect(store.outbox).toHaveLength(0);

    const stale = authenticator
      .clone({ epoch: store.clock.now() - 90_000 })
      .generate(DEMO_TOTP_SECRET);
    const current = authenticator.clone({ epoch: store.clock.now() }).generate(DEMO_TOTP_SECRET);
    if (stale !== current) {
      expect((await confirmSudo({ payload, code: stale })).statusCode).toBe(422);
    }
    const previous = authenticator
      .clone({ epoch: store.clock.now() - 30_000 })
      .generate(DEMO_TOTP_SECRET);
    expect((await confirmSudo({ payload, code: previous })).statusCode).toBe(200);
  });

  it('signs in with a recovery key once and says how many are left', async () => {
    const first = await mfaNeeded('totp@example.be');
    const recoveryId = methodOf(first.methods, 'totpRecovery').id;
    await startSudo({ payload: first.payload, mfaId: recoveryId });
    const used = await confirmSudo({ payload: first.payload, code: 'recovery01' });
    expect(used.statusCode).toBe(200);
    expect(used.json().recovery_keys_left).toBe(9);

    const second = await mfaNeeded('totp@example.be');
    await startSudo({ payload: second.payload, mfaId: recoveryId });
    const again = await confirmSudo({ payload: second.payload, code: 'RECOVERY01' });
    expect(again.statusCode).toBe(422);
    const next = await confirmSudo({ payload: second.payload, code: 'RECOVERY02' });
    expect(next.json().recovery_keys_left).toBe(8);
    expect(store.history.filter((e) => e.kind === 'recovery_key_used')).toHaveLength(2);
  });

  it('stops offering recovery keys when none is left', async () => {
    const account = [...store.accounts.values()].find((a) => a.user_id === 1002);
    for (const key of store.recoveryKeys) if (key.accountId === account?.id) key.used_at = 1;
    const { payload, methods } = await mfaNeeded('totp@example.be');
    expect(methods.map((m) => m.method)).toEqual(['totp', 'email']);
    const recovery = [...store.mfaMethods.values()].find(
      (m) => m.accountId === account?.id && m.method === 'totpRecovery',
    );
    const res = await startSudo({ payload, mfaId: recovery?.id ?? 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('no_recovery_keys');
  });
});

describe('trusted device', () => {
  it('skips MFA on the trusted device only, for 30 days', async () => {
    const device = deviceHeaders();
    const { payload } = await mfaNeeded('employee@example.be', device);
    await startSudo({ payload }, device);
    const code = lastCode(mock, 'employee@example.be');
    expect((await confirmSudo({ payload, code, isTrustedDevice: true }, device)).statusCode).toBe(
      200,
    );

    expect((await passwordGrant('employee@example.be', DEMO_PASSWORD, device)).statusCode).toBe(
      200,
    );
    expect((await passwordGrant('employee@example.be')).statusCode).toBe(401);
    // Another account on the same device is not trusted.
    expect((await passwordGrant('partner@example.be', DEMO_PASSWORD, device)).statusCode).toBe(401);

    store.clock.advance(30 * 24 * 60 * MINUTE + 1);
    expect((await passwordGrant('employee@example.be', DEMO_PASSWORD, device)).statusCode).toBe(
      401,
    );
  });

  it('does not trust the device unless asked', async () => {
    const device = deviceHeaders();
    await signInAs(mock, 'employee@example.be', device);
    expect((await passwordGrant('employee@example.be', DEMO_PASSWORD, device)).statusCode).toBe(
      401,
    );
  });
});

describe('duplicate account (fuzzion)', () => {
  it('answers a fuzzion payload beside the token, for the merge to continue with', async () => {
    const { payload } = await mfaNeeded('duplicate@example.be');
    await startSudo({ payload });
    const res = await confirmSudo({ payload, code: lastCode(mock, 'duplicate@example.be') });
    expect(res.statusCode).toBe(200);
    const { fuzzion, access_token } = res.json();
    expect(access_token).toEqual(expect.any(String));
    const challenge = store.challenges.get(fuzzion.payload);
    expect(challenge).toMatchObject({
      purpose: 'fuzzion',
      data: { otherLogin: 'dana.willems@example.be' },
    });
  });
});

describe('step-up (sudo)', () => {
  it('checks the signed-in user again and grants sudo for 15 minutes', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    store.clock.advance(16 * MINUTE);
    const status = () => app.inject({ url: '/mfa/status', headers: bearer(token) });
    expect((await status()).json().sudo).toBe(false);

    const started = await startSudo({ single: 1 }, bearer(token));
    expect(started.statusCode).toBe(200);
    const { payload } = started.json();
    const code = lastCode(mock, 'employee@example.be');
    const done = await confirmSudo({ payload, code }, bearer(token));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ sudo: true });
    expect((await status()).json().sudo).toBe(true);
  });

  it('needs the bearer whose step-up it is', async () => {
    expect((await startSudo({ single: 1 })).statusCode).toBe(401);
    const token = await signInAs(mock, 'employee@example.be');
    const other = await signInAs(mock, 'partner@example.be');
    const { payload } = (await startSudo({ single: 1 }, bearer(token))).json();
    const code = lastCode(mock, 'employee@example.be');
    expect((await confirmSudo({ payload, code }, bearer(other))).statusCode).toBe(401);
    expect((await confirmSudo({ payload, code })).statusCode).toBe(401);
    expect((await startSudo({ payload }, bearer(other))).statusCode).toBe(401);
  });

  it('reports a single method and refuses a step-up without any', async () => {
    const token = await signInAs(mock, 'customer@example.be');
    const status = await app.inject({ url: '/mfa/status', headers: bearer(token) });
    expect(status.json()).toEqual({ need_card: false, single: false, sudo: false });
    expect((await startSudo({ single: 1 }, bearer(token))).statusCode).toBe(404);
    expect((await app.inject({ url: '/mfa/status' })).statusCode).toBe(401);
  });

  it('asks for the card number and a code when the card is the primary method (need_card)', async () => {
    const token = await signInAs(mock, 'customer@example.be');
    const accountId = store.tokens.get(token)?.accountId ?? 0;
    const id = nextId(store);
    store.mfaMethods.set(id, {
      id,
      accountId,
      method: 'card',
      target: '5065000000000009',
      secret: null,
      primary: true,
      active: true,
      createdAt: store.clock.now(),
    });
    const status = await app.inject({ url: '/mfa/status', headers: bearer(token) });
    expect(status.json()).toEqual({ need_card: true, single: true, sudo: false });

    const started = await startSudo({ single: 1 }, bearer(token));
    expect(started.json()).toMatchObject({ method: 'card', target: '+32 4•••03' });
    const { payload } = started.json();
    const code = lastCode(mock, '+32470000003');
    const wrongCard = await confirmSudo(
      { payload, code, card_number: '5065000000000001' },
      bearer(token),
    );
    expect(wrongCard.statusCode).toBe(422);
    expect(wrongCard.json().message).toBe('Your card number or code is invalid.');
    const right = await confirmSudo(
      { payload, code, card_number: '5065000000000009' },
      bearer(token),
    );
    expect(right.json()).toEqual({ sudo: true });
  });
});

describe('login by the address-hash token', () => {
  async function handover() {
    const token = await signInAs(mock, 'employee@example.be');
    const res = await app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { token: string; expires_in: number };
  }
  const byHash = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/token/hash',
      headers: deviceHeaders(randomUUID()),
      payload: { token, 'origin-app': 'mobile' },
    });

  it('exchanges a one-time hash token for a session of the same user, once', async () => {
    const { token, expires_in } = await handover();
    expect(expires_in).toBe(300);
    const res = await byHash(token);
    expect(res.statusCode).toBe(200);
    const user = await app.inject({ url: '/user', headers: bearer(res.json().access_token) });
    expect(user.json().data.firstname).toBe('Emma');
    expect(store.history.at(-1)).toMatchObject({ kind: 'login', detail: 'token from mobile' });
    expect((await byHash(token)).statusCode).toBe(400);
  });

  it('refuses a hash token after 5 minutes, and one never minted', async () => {
    const { token } = await handover();
    store.clock.advance(5 * MINUTE + 1);
    const late = await byHash(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('This sign-in link is invalid or has expired.');
    expect((await byHash('x'.repeat(43))).statusCode).toBe(400);
  });

  it('mints hash tokens for signed-in callers only', async () => {
    expect((await app.inject({ method: 'POST', url: '/token/handover' })).statusCode).toBe(401);
  });
});
