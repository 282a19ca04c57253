import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream, type MockApp } from '../app';
import { resetStore } from '../store';
import { deviceHeaders, lastCode } from '../test-helpers';

const be = buildMockUpstream({ region: 'be' });
const lu = buildMockUpstream({ region: 'lu' });
afterAll(async () => {
  await be.app.close();
  await lu.app.close();
});
beforeEach(() => {
  resetStore(be.store);
  resetStore(lu.store);
});

const PASSWORD = 'My-First-Card-2026!';

const post = (mock: MockApp, url: string, payload: object) =>
  mock.app.inject({ method: 'POST', url, headers: deviceHeaders(), payload });

/** The last step, accepting terms and privacy as Nina Nieuw; `fields` adds to or overrides that. */
const acceptTerms = (mock: MockApp, payload: string, fields: object = {}) =>
  post(mock, '/onboarding/terms', {
    payload,
    terms: true,
    privacy: true,
    firstname: 'Nina',
    lastname: 'Nieuw',
    ...fields,
  });

interface Person {
  email?: string;
  phone: string;
}

/** Runs every step after the start; answers the last step's response. */
async function finish(mock: MockApp, payload: string, person: Person) {
  const emailStep = await post(
    mock,
    '/onboarding/email',
    person.email ? { payload, email: person.email } : { payload, keep_current: true },
  );
  expect(emailStep.statusCode).toBe(200);
  const to = person.email ?? '';
  const email = person.email
    ? to
    : (mock.store.outbox.findLast((m) => m.channel === 'email')?.to ?? '');
  expect(
    (await post(mock, '/onboarding/email/verify', { payload, code: lastCode(mock, email) }))
      .statusCode,
  ).toBe(200);
  expect((await post(mock, '/onboarding/phone', { payload, phone: person.phone })).statusCode).toBe(
    200,
  );
  expect(
    (await post(mock, '/onboarding/phone/verify', { payload, code: lastCode(mock, person.phone) }))
      .statusCode,
  ).toBe(200);
  expect(
    (await post(mock, '/onboarding/password', { payload, password: PASSWORD })).statusCode,
  ).toBe(200);
  return acceptTerms(mock, payload, { marketing: false });
}

async function start(mock: MockApp, body: object): Promise<string> {
  const res = await post(mock, '/onboarding', body);
  expect(res.statusCode).toBe(200);
  return res.json().payload;
}

const userOf = (mock: MockApp, token: string) =>
  mock.app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } });

describe('onboarding by card', () => {
  it('activates card 0001 with the current e-mail kept, and signs the new user in', async () => {
    const started = await post(be, '/onboarding', { card_number: '5065000000000001' });
    expect(started.json()).toMatchObject({ step: 'email', currentEmail: 'n•••e@example.be' });

    const done = await finish(be, started.json().payload, { phone: '+32470123456' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'card_activated', token_type: 'Bearer' });

    const user = await userOf(be, done.json().access_token);
    expect(user.statusCode).toBe(200);
    expect(user.json().data.email[0]).toMatchObject({
      value: 'new.employee@example.be',
      verified: true,
    });
    expect(user.json().data.phone[0].value).toBe('+32470123456');

    // The card now belongs to the account: starting again says so.
    const again = await post(be, '/onboarding', { card_number: '5065000000000001' });
    expect(again.json()).toEqual({ existingAccount: { username: 'n•••e@example.be' } });
    const grant = await be.app.inject({
      method: 'POST',
      url: '/token',
      payload: { grant_type: 'password', username: '+32470123456', password: PASSWORD },
    });
    // Both contacts were verified during onboarding: they are the new account's MFA methods.
    expect(grant.statusCode).toBe(401);
    expect(grant.json().mfa.methods.map((m: { method: string }) => m.method)).toEqual([
      'email',
      'sms',
    ]);
  });

  it('creates the account when card 0002 fails to activate', async () => {
    const payload = await start(be, { card_number: '5065000000000002' });
    const done = await finish(be, payload, {
      email: 'dirk@example.be',
      phone: '+32470123457',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().outcome).toBe('activation_failed');
    const user = await userOf(be, done.json().access_token);
    expect(user.json().data.email[0].value).toBe('dirk@example.be');
    expect(be.store.cards.get('5065000000000002')?.state).toBe('fails');
  });

  it('says that a card already belongs to an account', async () => {
    const res = await post(be, '/onboarding', { card_number: '5065000000000003' });
    expect(res.json()).toEqual({ existingAccount: { username: 'e•••e@example.be' } });
  });

  it('refuses an unknown card with the spec message, and a malformed one by field', async () => {
    const unknown = await post(be, '/onboarding', { card_number: '5065999999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Your card number is invalid.');
    const malformed = await post(be, '/onboarding', { card_number: '506500000000001' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0]).toEqual({
      path: 'body.card_number',
      message: 'Your card number is invalid.',
    });
  });
});

describe('onboarding by code', () => {
  it('creates an account from invitation code WELCOME2026, once', async () => {
    const payload = await start(be, { invitation_code: 'welcome2026' });
    const done = await finish(be, payload, { email: 'invitee@example.be', phone: '+32470123458' });
    expect(done.json().outcome).toBe('code_only');
    const reuse = await post(be, '/onboarding', { invitation_code: 'WELCOME2026' });
    expect(reuse.statusCode).toBe(404);
  });

  it('activates the LU activation code on the LU store only', async () => {
    expect((await post(be, '/onboarding', { activation_code: 'LU-ACT-0001' })).statusCode).toBe(
      404,
    );
    const payload = await start(lu, { activation_code: 'lu-act-0001' });
    const done = await finish(lu, payload, { email: 'jean@example.lu', phone: '+352621123456' });
    expect(done.json().outcome).toBe('card_activated');
    const user = await userOf(lu, done.json().access_token);
    expect(user.json().data.language).toBe('fr');

    const forgot = await post(lu, '/user/forgot-username', { activation_code: 'LU-ACT-0001' });
    expect(forgot.json().usernames).toContain('j•••n@example.lu');
  });
});

describe('onboarding rules', () => {
  it('enforces the step order', async () => {
    const payload = await start(be, { card_number: '5065000000000001' });
    const early = await post(be, '/onboarding/phone', { payload, phone: '+32470123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('wrong_step');
    expect(
      (await post(be, '/onboarding/email/verify', { payload, code: '12345678' })).json().code,
    ).toBe('wrong_step');
    expect((await acceptTerms(be, payload)).statusCode).toBe(409);

    await post(be, '/onboarding/email', { payload, keep_current: true });
    const noPassword = await post(be, '/onboarding/password', { payload, password: PASSWORD });
    expect(noPassword.json().code).toBe('wrong_step');
  });

  it('refuses a wrong code; an e-mail or phone another account uses is answered alike and its owner told', async () => {
    const payload = await start(be, { card_number: '5065000000000001' });
    const taken = await post(be, '/onboarding/email', { payload, email: 'employee@example.be' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ step: 'email-code' });
    const notice = be.store.outbox.findLast((m) => m.to === 'employee@example.be');
    expect(notice).toMatchObject({ code: '', subject: 'Someone tried to use your address' });
    const guessed = await post(be, '/onboarding/email/verify', { payload, code: '12345678' });
    expect(guessed.json().code).toBe('code_invalid');

    await post(be, '/onboarding/email', { payload, keep_current: true });
    const wrong = await post(be, '/onboarding/email/verify', { payload, code: '00000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.', code: 'code_invalid' });
    be.store.clock.advance(11 * 60_000);
    const late = await post(be, '/onboarding/email/verify', {
      payload,
      code: lastCode(be, 'new.employee@example.be'),
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('code_expired');
    await post(be, '/onboarding/email', { payload, keep_current: true });
    await post(be, '/onboarding/email/verify', {
      payload,
      code: lastCode(be, 'new.employee@example.be'),
    });
    const phone = await post(be, '/onboarding/phone', { payload, phone: '+32470000001' });
    expect(phone.statusCode).toBe(200);
    expect(phone.json()).toMatchObject({ step: 'phone-code' });
    expect(be.store.outbox.findLast((m) => m.to === '+32470000001')).toMatchObject({
      channel: 'sms',
      code: '',
    });
  });

  it('requires the terms and privacy to be accepted, and a password that follows the rules', async () => {
    const payload = await start(be, { invitation_code: 'WELCOME2026' });
    await post(be, '/onboarding/email', { payload, email: 'rules@example.be' });
    await post(be, '/onboarding/email/verify', { payload, code: lastCode(be, 'rules@example.be') });
    await post(be, '/onboarding/phone', { payload, phone: '+32470123459' });
    await post(be, '/onboarding/phone/verify', { payload, code: lastCode(be, '+32470123459') });
    const weak = await post(be, '/onboarding/password', { payload, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Not enough characters',
      'No number',
      'No special characters',
    ]);
    await post(be, '/onboarding/password', { payload, password: PASSWORD });
    const refused = await acceptTerms(be, payload, { privacy: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe('body.privacy');
    // The names are asked when the account is created: none, no account.
    const nameless = await acceptTerms(be, payload, { firstname: ' ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().issues[0].path).toBe('body.firstname');
    const ok = await acceptTerms(be, payload, { language: 'en' });
    expect(ok.statusCode).toBe(200);
    const created = [...be.store.accounts.values()].find((acc) =>
      acc.email.some((e) => e.value === 'rules@example.be'),
    );
    expect([created?.firstname, created?.lastname]).toEqual(['Nina', 'Nieuw']);
    // The account speaks the language its onboarding was done in, not the variant's usual Dutch.
    expect(created?.language).toBe('en');
    // Single use: the payload is spent once the account exists.
    expect((await acceptTerms(be, payload)).statusCode).toBe(404);
  });

  it('forgets an onboarding after an hour', async () => {
    const payload = await start(be, { card_number: '5065000000000001' });
    be.store.clock.advance(61 * 60_000);
    const res = await post(be, '/onboarding/email', { payload, keep_current: true });
    expect(res.statusCode).toBe(404);
  });
});
