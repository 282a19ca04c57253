import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieBrowser, DEMO_PASSWORD, journeyBrowser, lastCode, testStack } from '../test-helpers';

import { FLOW_TTL_MS } from './store';

/*
 * The duplicate merge (docs/flows.md, "Duplicate merge") step by step through
 * the portal calls, against the real mock account API: the sign-in of
 * duplicate@example.be finds dana.willems@example.be's account (client area,
 * card 5065 0000 0000 0006), and hands over to the merge's flow.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});
afterEach(() => {
  vi.useRealTimers();
});

const other = () =>
  [...stack.be.store.accounts.values()].find((a) =>
    a.email.some((e) => e.value === 'dana.willems@example.be'),
  );

/** duplicate@example.be signed in by its e-mail code: the merge is proposed. */
async function proposed() {
  const b = journeyBrowser(stack, 'merge');
  await b.call('POST', '/api/sign-in/password', {
    username: 'duplicate@example.be',
    password: DEMO_PASSWORD,
    target: '/security',
  });
  const done = await b.call('POST', '/api/sign-in/code', {
    code: lastCode(stack, 'duplicate@example.be'),
  });
  return {
    ...b,
    done,
    claim: (proof: object) => b.step('claim', proof),
    decide: (decision: string) => b.step('decide', { decision }),
    steps: () => b.call('GET', '/api/sign-in'),
  };
}

describe('the duplicate merge, owned by the gateway', () => {
  it('the sign-in hands over to the merge: nothing of its payload reaches the browser', async () => {
    const b = await proposed();
    expect(b.done.json()).toEqual({ next: '/duplicated', view: null });
    expect(b.jar.has('access_token')).toBe(true);
    const read = await b.read();
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      data: {
        username: 'd•••s@example.be',
        platform: 'client_area',
        claims: expect.arrayContaining(['card', 'password', 'code']),
        stage: 'found',
      },
      proofs: ['card', 'password', 'code'],
      signedInBy: 'email',
      target: '/security',
    });
    for (const res of [b.done, read]) expect(res.body).not.toContain('payload');
  });

  it('merges after the card proves the other account, the merged session replacing this one', async () => {
    const b = await proposed();
    const session = b.jar.get('access_token');
    const wrong = await b.claim({ card_number: '5065000000000001' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid',
      message: 'The information you provided is invalid.',
      field: 'card_number',
    });
    const claimed = await b.claim({ card_number: '5065000000000006' });
    expect(claimed.json()).toEqual({ next: '/duplicated', view: null });
    expect((await b.read()).json().data.stage).toBe('confirmed');
    const merged = await b.decide('merge');
    expect(merged.json()).toEqual({ next: '/fuzzion-success?redirect=%2Fsecurity', view: null });
    expect(b.jar.get('access_token')).not.toBe(session);
    expect(b.jar.has('flow')).toBe(false);
    expect(
      other()
        ?.email.map((e) => e.value)
        .sort(),
    ).toEqual(['dana.willems@example.be', 'duplicate@example.be']);
    // Spent: the decision again is refused.
    expect((await b.decide('merge')).statusCode).toBe(410);
  });

  it('merges after the other account’s password proves it: a wrong one is said at its field', async () => {
    const b = await proposed();
    const session = b.jar.get('access_token');
    const wrong = await b.claim({ password: 'not-its-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'The information you provided is invalid.',
      field: 'password',
    });
    expect((await b.read()).json().data.stage).toBe('found');
    const claimed = await b.claim({ password: DEMO_PASSWORD });
    expect(claimed.json()).toEqual({ next: '/duplicated', view: null });
    expect((await b.read()).json().data.stage).toBe('confirmed');
    const merged = await b.decide('merge');
    expect(merged.json()).toEqual({ next: '/fuzzion-success?redirect=%2Fsecurity', view: null });
    const fresh = b.jar.get('access_token');
    expect(fresh).not.toBe(session);
    expect(merged.body).not.toContain(fresh);
    const user = await b.call('GET', '/api/user');
    expect(user.json().data.email.map((e: { value: string }) => e.value)).toContain(
      'dana.willems@example.be',
    );
  });

  it('proves by a code on the sign-in’s pages (the other account’s methods, masked), then keeps apart', async () => {
    const b = await proposed();
    await b.read();
    const list = await b.steps();
    expect(list.json()).toMatchObject({ journey: 'merge', step: 'methods' });
    const methods = list.json().methods as { id: number; method: string; target: string }[];
    // The sign-in's channel (e-mail) first; every contact masked.
    expect(methods[0]?.method).toBe('email');
    expect(methods.every((m) => m.target.includes('•••'))).toBe(true);
    const email = methods[0]?.id ?? 0;
    const sent = await b.method(email);
    expect(sent.json()).toMatchObject({
      next: '/mfa',
      view: {
        journey: 'merge',
        step: 'code',
        check: { method: 'email', target: 'd•••s@example.be' },
      },
    });
    const wrong = await b.code('00000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', field: 'code' });
    expect((await b.resend()).json()).toMatchObject({ next: '/mfa' });
    const right = await b.code(lastCode(stack, 'dana.willems@example.be'));
    expect(right.json()).toEqual({ next: '/duplicated', view: null });
    const apart = await b.decide('apart');
    expect(apart.json()).toEqual({
      next: '/fuzzion-success?outcome=declined&redirect=%2Fsecurity',
      view: null,
    });
    expect(other()).toBeUndefined();
  });

  it('"not me" and "later" end the merge and go on to the target', async () => {
    for (const decision of ['not_me', 'later']) {
      // "Not me" is never proposed again: each from a fresh account API.
      await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
      const b = await proposed();
      const res = await b.decide(decision);
      expect(res.json(), decision).toEqual({ next: '/security', view: null });
      expect(b.jar.has('flow')).toBe(false);
      expect((await b.read()).statusCode).toBe(410);
    }
  });

  it('a step out of order is refused: a decision before the proof, a code before one was sent', async () => {
    const b = await proposed();
    const early = await b.decide('merge');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'flow_step' });
    expect((await b.code('12345678')).statusCode).toBe(409);
    expect((await b.resend()).statusCode).toBe(409);
    const unknown = await b.method(999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_method', field: 'mfaId' });
    // The merge's flow takes no sign-in step.
    expect((await b.call('POST', '/api/sign-in/code', { code: '12345678' })).statusCode).toBe(410);
  });

  it('an abandoned merge expires; without a session, no step is taken', async () => {
    const b = await proposed();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOW_TTL_MS + 1000);
    const late = await b.claim({ card_number: '5065000000000006' });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('flow_gone');
    vi.useRealTimers();
    const { call } = cookieBrowser(stack);
    expect((await call('GET', '/api/merge')).statusCode).toBe(401);
  });

  it('a merge gone at the account API is the technical error, and its flow ends', async () => {
    const b = await proposed();
    // The account API forgets the merge (its 30 minutes are over).
    for (const [key, challenge] of stack.be.store.challenges) {
      if (challenge.purpose === 'fuzzion') stack.be.store.challenges.delete(key);
    }
    const gone = await b.claim({ card_number: '5065000000000006' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      code: 'flow_gone',
      message: 'A technical error occurred during the merging of the accounts. Try again later.',
    });
    expect(b.jar.has('flow')).toBe(false);
  });
});
