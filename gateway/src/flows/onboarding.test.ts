import { beforeEach, describe, expect, it } from 'vitest';
import { journeyBrowser, lastCode, type TestStack, testStack } from '../test-helpers';

/*
 * The onboarding journey (docs/flows.md, "Onboarding") step by step through
 * the portal calls, against the real mock account API: a browser that keeps
 * its cookies, as the web app's would, and nothing else.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  await stack.lu.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const PASSWORD = 'New-Account-2026!';

function browser(host = 'be.localhost:3000', on: TestStack = stack) {
  const b = journeyBrowser(on, 'onboarding-flow', {
    host,
    headers: { 'accept-language': 'nl-BE,nl;q=0.9' },
  });
  return { ...b, user: () => b.call('GET', '/api/user') };
}

type Browser = ReturnType<typeof browser>;

const DETAILS = { firstname: 'Nina', lastname: 'Nieuw', terms: true, privacy: true };

/** From the card to the password step, with a personal address and a Belgian number. */
async function toPassword(b: Browser, email = 'nina.nieuw@example.be') {
  expect((await b.step('start', { card: '5065 0000 0000 0001' })).statusCode).toBe(200);
  expect((await b.step('details', DETAILS)).statusCode).toBe(200);
  expect((await b.step('email', { email })).statusCode).toBe(200);
  expect((await b.step('code', { code: lastCode(stack, email) })).statusCode).toBe(200);
  expect((await b.step('phone', { phone: '0470 98 76 54' })).statusCode).toBe(200);
  const phoneCode = await b.step('code', { code: lastCode(stack, '+32470987654') });
  expect(phoneCode.json()).toMatchObject({ next: '/onboarding/password' });
}

describe('the onboarding journey, owned by the gateway', () => {
  it('goes from the card to the signed-in confirmation, then the dashboard, the browser holding only the flow id', async () => {
    const b = browser();
    const started = await b.step('start', { card: '5065 0000 0000 0001' });
    expect(started.json()).toMatchObject({
      next: '/onboarding/create',
      view: {
        step: 'details',
        source: 'card',
        entry: '5065 0000 0000 0001',
        currentEmail: expect.stringMatching(/^n.+@example\.be$/),
      },
    });
    // Nothing of the account API's payload reaches the browser.
    expect(started.body).not.toMatch(/payload/);
    expect(started.cookies.find((c) => c.name === 'flow')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });

    const details = await b.step('details', { ...DETAILS, marketing: 'on' });
    expect(details.json()).toMatchObject({
      next: '/onboarding/email-verification',
      view: { step: 'email', details: { firstname: 'Nina', marketing: true } },
    });
    const email = await b.step('email', { email: 'Nina.Nieuw@Example.be' });
    expect(email.json()).toMatchObject({
      next: '/onboarding/email-verification',
      view: { step: 'email-code', email: { to: 'nina.nieuw@example.be', verified: false } },
    });
    const emailCode = await b.step('code', { code: lastCode(stack, 'nina.nieuw@example.be') });
    expect(emailCode.json()).toMatchObject({
      next: '/onboarding/phone-verification',
      view: { step: 'phone', email: { verified: true } },
    });
    // A local number is read in the variant's country.
    const phone = await b.step('phone', { phone: '0470 98 76 54' });
    expect(phone.json()).toMatchObject({
      view: { step: 'phone-code', phone: { to: '+32470987654', verified: false } },
    });
    const phoneCode = await b.step('code', { code: lastCode(stack, '+32470987654') });
    expect(phoneCode.json()).toMatchObject({ next: '/onboarding/password' });

    const created = await b.step('password', { password: PASSWORD });
    expect(created.json()).toMatchObject({
      next: '/onboarding/confirmation',
      view: { step: 'done', outcome: 'card_activated' },
    });
    const user = await b.user();
    expect(user.statusCode).toBe(200);
    // Created with its details, in the journey's language (the browser's Dutch).
    expect(user.json().data).toMatchObject({ firstname: 'Nina', language: 'nl' });

    const done = await b.step('continue');
    expect(done.json()).toEqual({ next: '/user/dashboard', view: null });
    // The flow is spent: no step of it is taken again.
    expect(b.jar.has('flow')).toBe(false);
    expect((await b.read()).statusCode).toBe(410);
  });

  it('signs the new account in with the session cookie, never the token in a body', async () => {
    const b = browser();
    await toPassword(b);
    const created = await b.step('password', { password: PASSWORD });
    const cookie = created.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2592000 });
    expect(created.body).not.toContain(cookie?.value);
    expect(created.body).not.toMatch(/token/i);
  });

  it('activates the Luxembourg card on the LU upstream, in the LU variant', async () => {
    const b = browser('lu.localhost:3000');
    await b.step('start', { card: 'LU-ACT-0001' });
    await b.step('details', DETAILS);
    await b.step('email', { email: 'jean@example.lu' });
    await b.step('code', { code: lastCode(stack, 'jean@example.lu', 'lu') });
    await b.step('phone', { phone: '621 123 456' });
    await b.step('code', { code: lastCode(stack, '+352621123456', 'lu') });
    const created = await b.step('password', { password: PASSWORD });
    expect(created.json()).toMatchObject({ view: { outcome: 'card_activated' } });
    expect(stack.lu.store.cards.get('LU-ACT-0001')?.state).toBe('activated');
  });

  it('starts by invitation code and by the Luxembourg activation code', async () => {
    const invited = await browser().step('start', { invitation: ' welcome2026 ' });
    expect(invited.json()).toMatchObject({
      next: '/onboarding/create',
      view: { source: 'code', entry: 'WELCOME2026', currentEmail: null },
    });
    const lu = await browser('lu.localhost:3000').step('start', { card: 'lu-act-0001' });
    expect(lu.json()).toMatchObject({
      next: '/onboarding/create',
      view: { source: 'card', entry: 'LU-ACT-0001' },
    });
  });

  it('refuses a bad card at its field, and sends a used one to its account', async () => {
    const b = browser();
    const malformed = await b.step('start', { card: '1234 5678' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'card_invalid',
      message: 'Your card number is invalid.',
      field: 'card',
    });
    const unknown = await b.step('start', { card: '5065 9999 9999 9999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'card_unknown', field: 'card' });
    const wrongInvitation = await b.step('start', { invitation: 'NOPE-0000' });
    expect(wrongInvitation.json()).toMatchObject({ field: 'invitation' });
    expect(b.jar.has('flow')).toBe(false);

    const used = await b.step('start', { card: '5065000000000003' });
    expect(used.json()).toMatchObject({
      next: '/onboarding/existingCard',
      view: { step: 'existing', existingUsername: expect.stringContaining('@example.be') },
    });
    // Back from there is the start again, that flow spent.
    expect((await b.step('back')).json()).toEqual({ next: '/onboarding', view: null });
    expect((await b.read()).statusCode).toBe(410);
  });

  it('asks for the details it needs, the terms and the privacy policy both accepted', async () => {
    const b = browser();
    await b.step('start', { card: '5065000000000001' });
    const noName = await b.step('details', { ...DETAILS, firstname: '  ' });
    expect(noName.json()).toMatchObject({ field: 'firstname' });
    const noTerms = await b.step('details', { ...DETAILS, terms: false });
    expect(noTerms.json()).toMatchObject({ field: 'terms', code: 'terms_required' });
    const noPrivacy = await b.step('details', { ...DETAILS, privacy: '' });
    expect(noPrivacy.json()).toMatchObject({ field: 'privacy' });
    expect((await b.read()).json()).toMatchObject({ step: 'details', details: null });
  });

  it('refuses a wrong code and an expired one at the field, the step kept', async () => {
    const b = browser();
    await b.step('start', { card: '5065000000000001' });
    await b.step('details', DETAILS);
    // The card's address, kept: known only masked.
    const kept = await b.step('email', { keep: 'on' });
    expect(kept.json()).toMatchObject({
      view: { step: 'email-code', email: { to: 'n•••e@example.be', login: null } },
    });
    const right = lastCode(stack, 'new.employee@example.be');
    const wrong = await b.step('code', { code: right === '11111111' ? '22222222' : '11111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'code_invalid', field: 'code' });
    const short = await b.step('code', { code: '123' });
    expect(short.json()).toMatchObject({ code: 'code_invalid', field: 'code' });
    await stack.be.app.inject({
      method: 'POST',
      url: '/__dev/clock',
      payload: { advance_ms: 11 * 60_000 },
    });
    const expired = await b.step('code', { code: right });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'code_expired', field: 'code' });
    // A new code goes to the same address, and that one is taken.
    expect((await b.step('resend')).statusCode).toBe(200);
    const fresh = lastCode(stack, 'new.employee@example.be');
    expect(fresh).not.toBe(right);
    expect((await b.step('code', { code: fresh })).json()).toMatchObject({
      next: '/onboarding/phone-verification',
    });
  });

  it('refuses a step out of order, and every step once the journey is over', async () => {
    const none = browser();
    expect((await none.step('details', DETAILS)).json()).toMatchObject({ code: 'flow_gone' });
    expect((await none.step('details', DETAILS)).statusCode).toBe(410);

    const b = browser();
    await b.step('start', { card: '5065000000000001' });
    const early = await b.step('password', { password: PASSWORD });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'flow_step' });
    expect((await b.step('code', { code: '12345678' })).statusCode).toBe(409);
    expect((await b.step('phone', { phone: '+32470987654' })).statusCode).toBe(409);
  });

  it('refuses the replay of a spent step: a code taken, a password after the account exists', async () => {
    const b = browser();
    await toPassword(b);
    // The phone's code again, now that the journey is at the password.
    expect((await b.step('code', { code: lastCode(stack, '+32470987654') })).statusCode).toBe(409);
    expect((await b.step('password', { password: PASSWORD })).statusCode).toBe(200);
    expect((await b.step('password', { password: PASSWORD })).statusCode).toBe(409);
    expect((await b.step('back')).statusCode).toBe(409);
    await b.step('continue');
    const replay = await b.step('password', { password: PASSWORD });
    expect(replay.statusCode).toBe(410);
  });

  it('goes Back step by step, showing what was given, and on again without asking twice', async () => {
    const b = browser();
    await toPassword(b);
    const back = async () => (await b.step('back')).json();
    expect(await back()).toMatchObject({
      next: '/onboarding/phone-verification',
      view: { step: 'phone-done', phone: { to: '+32470987654', verified: true } },
    });
    expect(await back()).toMatchObject({
      next: '/onboarding/email-verification',
      view: { step: 'email-done', email: { to: 'nina.nieuw@example.be', verified: true } },
    });
    expect(await back()).toMatchObject({
      next: '/onboarding/create',
      view: { step: 'details', details: { firstname: 'Nina', lastname: 'Nieuw' } },
    });
    expect(await back()).toMatchObject({
      next: '/onboarding',
      view: { step: 'details', entry: '5065 0000 0000 0001' },
    });
    // On again: the confirmed address and number are not asked for again.
    expect((await b.step('details', { ...DETAILS, firstname: 'Nora' })).json()).toMatchObject({
      view: { step: 'email-done', details: { firstname: 'Nora' } },
    });
    expect((await b.step('continue')).json()).toMatchObject({ view: { step: 'phone-done' } });
    expect((await b.step('continue')).json()).toMatchObject({ next: '/onboarding/password' });
    await b.step('password', { password: PASSWORD });
    expect((await b.user()).json().data).toMatchObject({ firstname: 'Nora' });
  });

  it('goes Back from a code to the address, and a new address gets the code', async () => {
    const b = browser();
    await b.step('start', { invitation: 'WELCOME2026' });
    await b.step('details', DETAILS);
    await b.step('email', { email: 'first.try@example.be' });
    expect((await b.step('back')).json()).toMatchObject({ view: { step: 'email' } });
    await b.step('email', { email: 'second.try@example.be' });
    expect(
      (await b.step('code', { code: lastCode(stack, 'second.try@example.be') })).json(),
    ).toMatchObject({ view: { step: 'phone' } });
  });

  it('says a refused password at its field, by the rule broken or a known breach', async () => {
    const b = browser();
    await toPassword(b);
    const short = await b.step('password', { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      field: 'password',
      issues: expect.arrayContaining([
        expect.objectContaining({ path: 'password', code: 'password_length' }),
      ]),
    });
    const breached = await b.step('password', { password: 'Password123!' });
    expect(breached.statusCode).toBe(400);
    expect(breached.json()).toMatchObject({ field: 'password', code: 'password_breached' });
    expect((await b.read()).json()).toMatchObject({ step: 'password' });
  });

  it('bounds the codes one onboarding sends: a resend past the budget is 429 with Retry-After', async () => {
    const b = browser(
      'be.localhost:3000',
      await testStack({ config: { CODE_LIMIT_RECIPIENT: 3 } }),
    );
    await b.step('start', { card: '5065000000000001' });
    await b.step('details', DETAILS);
    await b.step('email', { email: 'nina.nieuw@example.be' });
    let refused: Awaited<ReturnType<Browser['step']>> | undefined;
    for (let i = 0; i < 30 && !refused; i++) {
      const res = await b.step('resend');
      if (res.statusCode === 429) refused = res;
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('refuses a number that is not one, and an address that is not one, at their field', async () => {
    const b = browser();
    await b.step('start', { card: '5065000000000001' });
    await b.step('details', DETAILS);
    expect((await b.step('email', { email: 'not-an-address' })).json()).toMatchObject({
      field: 'email',
      code: 'email_invalid',
    });
    await b.step('email', { email: 'nina.nieuw@example.be' });
    await b.step('code', { code: lastCode(stack, 'nina.nieuw@example.be') });
    const phone = await b.step('phone', { phone: '12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ field: 'phone', code: 'phone_invalid' });
  });
});
