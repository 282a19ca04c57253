import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { resetStore } from '../store';
import { deviceHeaders, signInAs } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const MINUTE = 60_000;
const NEW_PASSWORD = 'Fresh-Start-2027?';

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: deviceHeaders(), payload });

/** The reset: the flow's payload, the code typed, the new password (NEW_PASSWORD unless named). */
const resetPassword = (payload: string, code: string | undefined, password = NEW_PASSWORD) =>
  post('/user/reset-password', { payload, code, password });

async function outbox(to: string) {
  const res = await app.inject({ url: `/__dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().messages as { channel: string; code: string; subject?: string; text: string }[];
}

const grant = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/token',
    headers: deviceHeaders(),
    payload: { grant_type: 'password', username, password },
  });

describe('forgot password', () => {
  it('sends an SMS code for a phone login and resets the password with it', async () => {
    const asked = await post('/user/forgot-password', { login: '+32470000001' });
    expect(asked.statusCode).toBe(200);
    const { payload, recipient, technology } = asked.json();
    expect(technology).toBe('SMS');
    expect(recipient).toEqual(['+32 4•••01']);

    const [sms] = await outbox('+32470000001');
    expect(sms?.channel).toBe('sms');
    expect(sms?.code).toMatch(/^\d{8}$/);

    const reset = await resetPassword(payload, sms?.code);
    expect(reset.statusCode).toBe(204);
    expect((await grant('employee@example.be', DEMO_PASSWORD)).statusCode).toBe(400);
    // The account has MFA: the right password leads to the MFA step, not to a refusal.
    expect((await grant('employee@example.be', NEW_PASSWORD)).statusCode).toBe(401);
    const account = [...store.accounts.values()].find((a) => a.firstname === 'Emma');
    expect(store.history.filter((e) => e.accountId === account?.id).map((e) => e.kind)).toContain(
      'password_reset',
    );

    const again = await resetPassword(payload, sms?.code, 'Another-One-2027?');
    expect(again.statusCode).toBe(422);
  });

  it('lets the device that reset sign in once without a second code, within 15 minutes', async () => {
    const device = deviceHeaders();
    const on = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: device, payload });
    const signIn = () =>
      on('/token', {
        grant_type: 'password',
        username: 'employee@example.be',
        password: NEW_PASSWORD,
      });
    const { payload } = (
      await on('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const [mail] = await outbox('employee@example.be');
    expect(
      (await on('/user/reset-password', { payload, code: mail?.code, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
    // Another device still gives its second factor.
    expect((await grant('employee@example.be', NEW_PASSWORD)).statusCode).toBe(401);
    expect((await signIn()).statusCode).toBe(200);
    // Once: the next sign-in asks again.
    expect((await signIn()).statusCode).toBe(401);
  });

  it('vouches for nothing when the code went where no second factor goes: the sign-in asks for it', async () => {
    const device = deviceHeaders();
    const on = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: device, payload });
    // totp@example.be's factors are the app and its e-mail; its phone is no method.
    const { payload } = (await on('/user/forgot-password', { login: '+32470000002' })).json();
    const [sms] = await outbox('+32470000002');
    await on('/user/reset-password', { payload, code: sms?.code, password: NEW_PASSWORD });
    const after = await on('/token', {
      grant_type: 'password',
      username: 'totp@example.be',
      password: NEW_PASSWORD,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().mfa.methods[0]).toMatchObject({ method: 'totp', primary: true });
  });

  it('asks for the second code again when the sign-in comes more than 15 minutes after the reset', async () => {
    const device = deviceHeaders();
    const on = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: device, payload });
    const { payload } = (
      await on('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const [mail] = await outbox('employee@example.be');
    await on('/user/reset-password', { payload, code: mail?.code, password: NEW_PASSWORD });
    store.clock.advance(16 * MINUTE);
    const late = await on('/token', {
      grant_type: 'password',
      username: 'employee@example.be',
      password: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(401);
  });

  it('checks the code at its own step without using it; a wrong one is refused there', async () => {
    const { payload } = (
      await post('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const [mail] = await outbox('employee@example.be');
    const wrong = await post('/user/reset-password/check', { payload, code: '00000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.' });
    const right = await post('/user/reset-password/check', { payload, code: mail?.code });
    expect(right.statusCode).toBe(204);
    // Still usable for the reset itself.
    const reset = await resetPassword(payload, mail?.code);
    expect(reset.statusCode).toBe(204);
    const after = await post('/user/reset-password/check', { payload, code: mail?.code });
    expect(after.statusCode).toBe(422);
  });

  it('an unknown login gets the same refusal for any code; five wrong codes spend the check', async () => {
    const unknown = (await post('/user/forgot-password', { login: 'nobody@example.be' })).json();
    const res = await post('/user/reset-password/check', {
      payload: unknown.payload,
      code: '12345678',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The code is invalid.' });

    const { payload } = (
      await post('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const [mail] = await outbox('employee@example.be');
    for (let i = 0; i < 5; i++)
      await post('/user/reset-password/check', { payload, code: '00000000' });
    const late = await post('/user/reset-password/check', { payload, code: mail?.code });
    expect(late.statusCode).toBe(422);
  });

  it('signs every session of the account out after a reset, and e-mails the owner naming them', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const { payload } = (
      await post('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const [mail] = await outbox('employee@example.be');
    await resetPassword(payload, mail?.code);
    const user = await app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } });
    expect(user.statusCode).toBe(401);
    // The owner is told by e-mail (in the account's Dutch), as after a change.
    const [notice] = await outbox('employee@example.be');
    expect(notice?.subject).toBe('Je wachtwoord is gewijzigd');
    expect(notice?.text).toContain('Deze apparaten zijn afgemeld:');
  });

  it('resends by e-mail for a phone login, and the earlier code stops working', async () => {
    const first = (await post('/user/forgot-password', { login: '+32470000001' })).json();
    const [sms] = await outbox('+32470000001');
    const resent = await post('/user/forgot-password', {
      login: '+32470000001',
      technology: 'email',
    });
    expect(resent.json()).toMatchObject({
      technology: 'email',
      recipient: ['e•••e@example.be'],
    });
    const [mail] = await outbox('employee@example.be');
    expect(mail?.channel).toBe('email');

    const old = await resetPassword(first.payload, sms?.code);
    expect(old.statusCode).toBe(422);
    const ok = await resetPassword(resent.json().payload, mail?.code);
    expect(ok.statusCode).toBe(204);
  });

  it('refuses the code once 10 minutes have passed', async () => {
    const { payload } = (
      await post('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const [mail] = await outbox('employee@example.be');
    store.clock.advance(10 * MINUTE + 1000);
    const res = await resetPassword(payload, mail?.code);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/expired/);
    expect((await grant('employee@example.be', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('answers 422 with a message on a wrong code, and 400 naming the rule a weak password breaks', async () => {
    const { payload } = (
      await post('/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const wrong = await resetPassword(payload, '00000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.' });

    const [mail] = await outbox('employee@example.be');
    const weak = await resetPassword(payload, mail?.code, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toContainEqual({
      path: 'body.password',
      message: 'Not enough characters',
      code: 'password_length',
    });
  });

  it('answers an unknown login in the same shape and sends nothing', async () => {
    const res = await post('/user/forgot-password', { login: 'nobody@example.be' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ technology: 'email', recipient: ['n•••y@example.be'] });
    expect(store.outbox).toHaveLength(0);
    const reset = await resetPassword(res.json().payload, '12345678');
    expect(reset.statusCode).toBe(422);
  });
});

describe('forgot password, masked recipients', () => {
  it('masks a made-up recipient exactly as a real one', async () => {
    const real = await post('/user/forgot-password', {
      login: 'employee@example.be',
      technology: 'sms',
    });
    const madeUp = await post('/user/forgot-password', {
      login: 'nobody@example.be',
      technology: 'sms',
    });
    expect(real.json().recipient).toEqual(['+32 4•••01']);
    expect(madeUp.json().recipient[0]).toMatch(/^\+32 4•••\d{2}$/);
    expect(store.outbox.map((m) => m.to)).toEqual(['+32470000001']);
  });

  it('keeps the full +352 of a Luxembourg number, real or made up', async () => {
    const lu = buildMockUpstream({ region: 'lu' });
    try {
      const ask = (login: string) =>
        lu.app.inject({
          method: 'POST',
          url: '/user/forgot-password',
          headers: deviceHeaders(),
          payload: { login, technology: 'sms' },
        });
      expect((await ask('marie@example.lu')).json().recipient).toEqual(['+352 6•••01']);
      expect((await ask('nobody@example.lu')).json().recipient[0]).toMatch(/^\+352 6•••\d{2}$/);
    } finally {
      await lu.app.close();
    }
  });
});

describe('forgot username', () => {
  it("finds employee's masked username by national register number", async () => {
    const res = await post('/user/forgot-username', {
      national_register_number: '85.07.31-001.30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().usernames).toEqual(['e•••e@example.be', '+32 4•••01']);
  });

  it('finds the account holding a card', async () => {
    const res = await post('/user/forgot-username', { card_number: '5065000000000003' });
    expect(res.json().usernames).toContain('e•••e@example.be');
  });

  it('answers an empty list for a number nobody holds', async () => {
    // A valid national register number (check digits right) that no account has.
    const res = await post('/user/forgot-username', { national_register_number: '90010100123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ usernames: [] });
    const card = await post('/user/forgot-username', { card_number: '5065000000000001' });
    expect(card.json()).toEqual({ usernames: [] });
  });

  it('refuses a national register number with wrong check digits', async () => {
    const res = await post('/user/forgot-username', { national_register_number: '85073100131' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('body.national_register_number');
  });
});
