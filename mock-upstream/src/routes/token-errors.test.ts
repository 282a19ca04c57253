import { afterAll, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';

const mock = buildMockUpstream({ region: 'be' });
afterAll(() => mock.app.close());

/** OAuth client libraries read RFC 6749's `error` field: the contract must not strip it. */
it('answers a bad code exchange with the OAuth error field, form-encoded like a real client', async () => {
  const res = await mock.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'no-such-code',
      redirect_uri: 'http://127.0.0.1:5555/callback',
      client_id: '101',
      code_verifier: 'a'.repeat(43),
    }).toString(),
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'invalid_grant' });
});
