// Cross-cutting (profile, second factors and onboarding at once): here, beside no one route.
import { describe, expect, it } from 'vitest';
import { browserHeaders, customerSignIn, DEMO_PASSWORD, testStack } from './test-helpers';

/**
 * Wherever a person types an address or a number, an address another account
 * holds is answered as a free one (docs/security.md, V6.3): no account can
 * test through the portal whether an address has an account. The address's
 * owner is told instead; only the caller's own address is named a duplicate.
 */

const stack = testStack({ scope: 'file' });

/** The keys of an answer, without the values that differ (payloads, ids, masked addresses). */
const shapeOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  keys: Object.keys(res.json() as object).sort(),
});

/** customer@example.be, signed in (no second factor: no step-up first). */
async function customer() {
  const res = await customerSignIn(stack, DEMO_PASSWORD);
  const token = res.cookies.find((c) => c.name === 'access_token')?.value;
  const headers = {
    ...browserHeaders(stack),
    cookie: `${browserHeaders(stack).cookie}; access_token=${token}`,
  };
  return (url: string, payload: object) =>
    stack.gateway.inject({ method: 'POST', url, headers, payload });
}

const unused = () => `free-${Math.random().toString(36).slice(2, 10)}@example.be`;

describe('an address typed into the portal', () => {
  it("answers another account's e-mail or number as a new login exactly as a free one", async () => {
    const post = await customer();
    const taken = await post('/api/user/login', { email: 'employee@example.be' });
    const free = await post('/api/user/login', { email: unused() });
    expect(taken.statusCode).toBe(200);
    expect(shapeOf(taken)).toEqual(shapeOf(free));
    const takenPhone = await post('/api/user/login', { phone: '+32470000001' });
    expect(shapeOf(takenPhone)).toEqual(shapeOf(free));
    // Its owner is told, and nobody gets a code for it.
    const toOwner = stack.be.store.outbox.filter((m) => m.to === 'employee@example.be');
    expect(toOwner.map((m) => m.code)).toEqual(['']);
  });

  it("names the caller's own address a duplicate, with the spec's message", async () => {
    const post = await customer();
    const own = await post('/api/user/login', { email: 'customer@example.be' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      code: 'email-duplicated',
      message: 'This email is already in use. Please use another one.',
    });
  });

  it("answers another account's address as an e-mail or SMS second factor as a free one", async () => {
    const post = await customer();
    const taken = await post('/api/mfa', { method: 'email', target: 'totp@example.be' });
    const free = await post('/api/mfa', { method: 'email', target: unused() });
    expect(taken.statusCode).toBe(200);
    expect(shapeOf(taken)).toEqual(shapeOf(free));
    const sms = await post('/api/mfa', { method: 'sms', target: '+32470000002' });
    expect(sms.statusCode).toBe(200);
  });

  it("answers another account's e-mail in onboarding as a free one", async () => {
    const headers = browserHeaders(stack);
    /** A browser of its own: an onboarding flow (its cookie) at the e-mail step. */
    const atEmail = async () => {
      const started = await stack.gateway.inject({
        method: 'POST',
        url: '/api/onboarding-flow/start',
        headers,
        payload: { invitation: 'WELCOME2026' },
      });
      const flow = started.cookies.find((c) => c.name === 'flow')?.value ?? '';
      const cookie = `${headers.cookie ?? ''}; flow=${flow}`;
      const post = (url: string, payload: object) =>
        stack.gateway.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload });
      await post('/api/onboarding-flow/details', {
        firstname: 'Nina',
        lastname: 'Nieuw',
        terms: true,
        privacy: true,
      });
      return post;
    };
    const taken = await (await atEmail())('/api/onboarding-flow/email', {
      email: 'employee@example.be',
    });
    const free = await (await atEmail())('/api/onboarding-flow/email', { email: unused() });
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    // The same step next, whoever holds the address (its owner is told instead of sent a code).
    expect(taken.json().view.step).toBe(free.json().view.step);
    expect(taken.json().next).toBe(free.json().next);
  });
});
