import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { findAccountByLogin, resetStore } from '../store';
import { deviceHeaders, lastCode } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const INVALID = 'The information you provided is invalid.';
const TECHNICAL = 'A technical error occurred during the merging of the accounts. Try again later.';

const post = (url: string, payload: object, headers: Record<string, string> = deviceHeaders()) =>
  app.inject({ method: 'POST', url, headers, payload });

const grant = (username: string, password = DEMO_PASSWORD) =>
  post('/token', { grant_type: 'password', username, password });

/** Signs duplicate@example.be in through its e-mail code: the answer of the MFA confirmation. */
async function signInDuplicate(): Promise<{ access_token: string; fuzzion?: { payload: string } }> {
  const { mfa } = (await grant('duplicate@example.be')).json();
  const email = mfa.methods.find((m: { method: string }) => m.method === 'email');
  await app.inject({
    url: `/mfa/sudo?payload=${encodeURIComponent(mfa.payload)}&mfaId=${email.id}`,
  });
  const done = await post('/mfa/sudo', {
    payload: mfa.payload,
    code: lastCode(mock, 'duplicate@example.be'),
  });
  expect(done.statusCode).toBe(200);
  return done.json();
}

async function fuzzionPayload(): Promise<string> {
  const answer = await signInDuplicate();
  if (!answer.fuzzion) throw new Error('no fuzzion proposed');
  return answer.fuzzion.payload;
}

describe('duplicate merge: the proposal', () => {
  it('describes the other account, masked, with the ways to prove it is yours', async () => {
    const payload = await fuzzionPayload();
    const res = await post('/fuzzion/details', { payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      payload,
      data: {
        username: 'd•••s@example.be',
        platform: 'client_area',
        claims: ['card', 'password', 'code'],
        stage: 'found',
      },
    });
    expect(res.json().mfa).toEqual([
      expect.objectContaining({ method: 'email', target: 'd•••s@example.be' }),
      expect.objectContaining({ method: 'sms', target: '+32 4•••16' }),
    ]);
  });

  it('answers the technical-error message for an unknown payload', async () => {
    const res = await post('/fuzzion/details', { payload: 'no-such-payload' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'fuzzion_expired', message: TECHNICAL });
  });

  it('refuses to merge before ownership is proven', async () => {
    const payload = await fuzzionPayload();
    const res = await post('/fuzzion/accept', { payload });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wrong_step');
    expect((await post('/fuzzion/decline', { payload })).statusCode).toBe(409);
  });

  it('answers 422 with the spec message on a wrong proof and spends the payload after five', async () => {
    const payload = await fuzzionPayload();
    for (let i = 0; i < 5; i++) {
      const res = await post('/fuzzion/claim', { payload, password: `wrong-${i}` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: INVALID });
    }
    const after = await post('/fuzzion/claim', { payload, password: DEMO_PASSWORD });
    expect(after.statusCode).toBe(404);
  });

  it("counts wrong password proofs toward the other account's sign-in lock, across payloads", async () => {
    const first = await fuzzionPayload();
    for (let i = 0; i < 4; i++) {
      expect(
        (await post('/fuzzion/claim', { payload: first, password: `wrong-${i}` })).statusCode,
      ).toBe(422);
    }
    const second = await fuzzionPayload();
    expect(
      (await post('/fuzzion/claim', { payload: second, password: 'wrong-4' })).statusCode,
    ).toBe(422);
    // The fifth locked the other account's password checks, as five wrong sign-ins do.
    const locked = await post('/fuzzion/claim', { payload: second, password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'too_many_attempts',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await grant('dana.willems@example.be')).statusCode).toBe(429);
    const other = findAccountByLogin(store, 'dana.willems@example.be');
    const events = store.history.filter(
      (e) => e.accountId === other?.id && e.kind === 'login_failed',
    );
    expect(events.at(-1)?.detail).toBe('merge, locked');
  });
});

describe('duplicate merge: accept', () => {
  it('merges by card claim: the current password serves the other username, which reaches the merged account', async () => {
    const { access_token: before, fuzzion } = await signInDuplicate();
    const payload = fuzzion?.payload ?? '';
    const wrongCard = await post('/fuzzion/claim', { payload, card_number: '5065000000000001' });
    expect(wrongCard.json()).toEqual({ message: INVALID });
    const claimed = await post('/fuzzion/claim', { payload, card_number: '5065000000000006' });
    expect(claimed.json()).toMatchObject({ mfa: [], data: { stage: 'confirmed' } });

    const merged = await post(
      '/fuzzion/accept',
      { payload },
      {
        ...deviceHeaders(),
        authorization: `Bearer ${before}`,
      },
    );
    expect(merged.statusCode).toBe(200);
    const token = merged.json().access_token;
    expect(token).not.toBe(before);

    const user = (
      await app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } })
    ).json().data;
    expect(user.email.map((e: { value: string }) => e.value)).toEqual([
      'duplicate@example.be',
      'dana.willems@example.be',
    ]);
    expect(user).toMatchObject({ user_id: 1006, customer_user_id: 2006 });
    // The session that asked for the merge is replaced by the new one.
    expect(
      (await app.inject({ url: '/user', headers: { authorization: `Bearer ${before}` } }))
        .statusCode,
    ).toBe(401);

    // The other username with the current password leads to the merged account's MFA.
    const signIn = await grant('dana.willems@example.be');
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().mfa.methods[0].target).toBe('d•••e@example.be');
    expect(findAccountByLogin(store, 'dana.willems@example.be')?.id).toBe(
      findAccountByLogin(store, 'duplicate@example.be')?.id,
    );
    // Settled: no more proposal, and the payload is spent.
    expect((await signInDuplicate()).fuzzion).toBeUndefined();
    expect((await post('/fuzzion/accept', { payload })).statusCode).toBe(404);
  });
});

describe('duplicate merge: code step and decline', () => {
  it("proves ownership with a code sent to the other account's e-mail, then removes its similar username on decline", async () => {
    const payload = await fuzzionPayload();
    const early = await post('/fuzzion', { payload, code: '12345678' });
    expect(early.json().code).toBe('wrong_step');

    const { mfa } = (await post('/fuzzion/details', { payload })).json();
    const sent = await post('/mfa/fuzzion', { payload, mfaId: mfa[0].id, target: null });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().method).toMatchObject({ method: 'email' });
    const code = lastCode(mock, 'dana.willems@example.be');

    const wrong = await post('/fuzzion', { payload, code: '00000000' });
    expect(wrong.json()).toEqual({ message: INVALID });
    const right = await post('/fuzzion', { payload, code });
    expect(right.json()).toMatchObject({ mfa: [], data: { stage: 'confirmed' } });

    const declined = await post('/fuzzion/decline', { payload });
    expect(declined.statusCode).toBe(204);
    // The similar username no longer signs in; the other account keeps its phone.
    expect((await grant('dana.willems@example.be')).statusCode).toBe(400);
    const other = await grant('+32470000016');
    expect(other.statusCode).toBe(401);
    expect(other.json().mfa.methods.map((m: { method: string }) => m.method)).toEqual(['sms']);
    expect((await signInDuplicate()).fuzzion).toBeUndefined();
  });
});

describe('duplicate merge: not me, ignore', () => {
  it('"it is not me" stops the proposal and leaves the other account alone', async () => {
    const payload = await fuzzionPayload();
    expect((await post('/fuzzion/not-me', { payload })).statusCode).toBe(204);
    expect((await signInDuplicate()).fuzzion).toBeUndefined();
    expect((await grant('dana.willems@example.be')).statusCode).toBe(401);
  });

  it('"ignore for now" proposes the merge again at the next sign-in', async () => {
    const payload = await fuzzionPayload();
    expect((await post('/fuzzion/ignore', { payload })).statusCode).toBe(204);
    expect((await post('/fuzzion/details', { payload })).statusCode).toBe(404);
    expect((await signInDuplicate()).fuzzion).toBeDefined();
  });
});
