import { describe, expect, it } from 'vitest';
import { accounts, api, forwarded, resetWhenMock, ssoPayload } from './harness';

/**
 * Linking a workplace (identity-provider) login to an existing account proves
 * the account as a sign-in does: the password, then the account's second
 * factor. The password alone links nothing and opens no session; a payload
 * is spent after a few wrong passwords, so it is no password oracle.
 */
resetWhenMock();

describe('linking a workplace login to an account', () => {
  it('asks for the account’s second factor after the password: nothing linked, no token', async () => {
    const payload = await ssoPayload(accounts.sso.identity);
    const headers = forwarded('192.0.2.70');
    const res = await api.partner.linkAccount({
      body: { payload, username: accounts.known, password: accounts.password },
      extraHeaders: headers,
    });
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('access_token');
    if (res.status !== 401 || !('mfa' in res.body)) throw new Error('no second-factor challenge');
    expect(res.body.mfa.payload).toEqual(expect.any(String));
    expect(res.body.mfa.methods.length).toBeGreaterThan(0);

    // The identity is still unknown to the provider's callback: nothing was linked.
    const again = await ssoPayload(accounts.sso.identity);
    expect(again).toEqual(expect.any(String));
  });

  it('spends the payload after wrong passwords: the right one then links nothing', async () => {
    const payload = await ssoPayload(accounts.sso.identity);
    const headers = forwarded('192.0.2.71');
    for (let i = 0; i < accounts.sso.wrongPasswords; i++) {
      const wrong = await api.partner.linkAccount({
        body: { payload, username: accounts.known, password: `${accounts.password}-wrong` },
        extraHeaders: headers,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'invalid_grant' });
    }
    const right = await api.partner.linkAccount({
      body: { payload, username: accounts.known, password: accounts.password },
      extraHeaders: headers,
    });
    // Spent: the identity-provider login must start again.
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ code: 'invalid_payload' });
  });
});
