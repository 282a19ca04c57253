import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiHeaders, browserHeaders, completeMfa, DEMO_PASSWORD, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  stack.deviceId = randomUUID();
});

const host = 'be.localhost:3000';
const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'access_token')?.value;

const post = (url: string, payload: object, cookie?: string) =>
  stack.gateway.inject({
    method: 'POST',
    url,
    headers: browserHeaders(stack, host),
    payload,
    ...(cookie ? { cookies: { access_token: cookie } } : {}),
  });

const userOf = (cookie: string) =>
  stack.gateway.inject({
    method: 'GET',
    url: '/api/user',
    headers: apiHeaders(host),
    cookies: { access_token: cookie },
  });

/** Signs duplicate@example.be in through the portal: its cookie and the merge payload. */
async function signInDuplicate() {
  const first = await post('/api/token', {
    grant_type: 'password',
    username: 'duplicate@example.be',
    password: DEMO_PASSWORD,
  });
  const done = await completeMfa(stack, first.json().mfa, host);
  expect(done.statusCode).toBe(200);
  const cookie = sessionCookie(done);
  if (!cookie) throw new Error('no session cookie');
  return { cookie, payload: done.json().fuzzion.payload as string };
}

describe('duplicate merge through the gateway', () => {
  it('merges after a password claim and swaps the session cookie for the merged account', async () => {
    const { cookie, payload } = await signInDuplicate();
    const details = await post('/api/fuzzion/details', { payload }, cookie);
    expect(details.json().data).toMatchObject({ username: 'd•••s@example.be', stage: 'found' });

    const wrong = await post('/api/fuzzion/claim', { payload, password: 'nope' }, cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The information you provided is invalid.' });
    const claimed = await post('/api/fuzzion/claim', { payload, password: DEMO_PASSWORD }, cookie);
    expect(claimed.json().data.stage).toBe('confirmed');

    const merged = await post('/api/fuzzion/accept', { payload }, cookie);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ signed_in: true, weak: false });
    const fresh = sessionCookie(merged);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie);
    expect(merged.body).not.toContain(fresh);

    const user = await userOf(fresh ?? '');
    expect(user.json().data.email.map((e: { value: string }) => e.value)).toContain(
      'dana.willems@example.be',
    );
    expect((await userOf(cookie)).statusCode).toBe(401);
  });

  it('declines after the code step: 204, and the cookie stays', async () => {
    const { cookie, payload } = await signInDuplicate();
    const { mfa } = (await post('/api/fuzzion/details', { payload }, cookie)).json();
    const sms = mfa.find((m: { method: string }) => m.method === 'sms');
    const sent = await post('/api/mfa/fuzzion', { payload, mfaId: sms.id }, cookie);
    expect(sent.json().method.target).toBe('+32 4•••16');
    const code = stack.be.store.outbox.findLast((m) => m.to === '+32470000016')?.code;
    const confirmed = await post('/api/fuzzion', { payload, code }, cookie);
    expect(confirmed.json()).toMatchObject({ mfa: [], data: { stage: 'confirmed' } });

    const declined = await post('/api/fuzzion/decline', { payload }, cookie);
    expect(declined.statusCode).toBe(204);
    expect(sessionCookie(declined)).toBeUndefined();
    expect((await userOf(cookie)).statusCode).toBe(200);
  });

  it('shows the technical-error message for a spent payload', async () => {
    const { cookie, payload } = await signInDuplicate();
    expect((await post('/api/fuzzion/ignore', { payload }, cookie)).statusCode).toBe(204);
    const res = await post('/api/fuzzion/details', { payload }, cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'A technical error occurred during the merging of the accounts. Try again later.',
    );
  });
});
