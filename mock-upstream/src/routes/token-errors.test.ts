import { afterAll, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { tokenForm } from '../test-helpers';
import { PARTNER } from '../test-partner';

const mock = buildMockUpstream({ region: 'be' });
afterAll(() => mock.app.close());

/** OAuth client libraries read RFC 6749's `error` field: the contract must not strip it. */
it('answers a bad code exchange with the OAuth error field, form-encoded like a real client', async () => {
  const res = await tokenForm(mock, {
    grant_type: 'authorization_code',
    code: 'no-such-code',
    ...PARTNER,
    code_verifier: 'a'.repeat(43),
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'invalid_grant' });
});
