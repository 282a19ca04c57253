import { accountApi } from '@portal/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from './app';
import { ROUTE_SCOPES } from './scopes';
import { findAccountByLogin, issueToken, resetStore } from './store';
import { deviceHeaders } from './test-helpers';

const { app, store } = buildMockUpstream({ region: 'be' });
afterAll(() => app.close());
beforeEach(() => resetStore(store));

function accountId(login: string): number {
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  return account.id;
}

/** A token as the code exchange issues it to a client (its grant's scopes). */
function clientToken(clientId: number, scopes: string[]) {
  const row = issueToken(store, accountId('employee@example.be'), {}, { clientId, scopes });
  return { authorization: `Bearer ${row.token}` };
}
const partner = () => clientToken(101, ['user', 'balance']);
const mobileApp = () => clientToken(66, ['user', 'userwrite', 'balance', 'history', 'transaction']);
const portal = () => ({
  authorization: `Bearer ${issueToken(store, accountId('employee@example.be')).token}`,
});

/** A change of the user's first name, made with the token of `headers`. */
const rename = (headers: Record<string, string>, firstname: string) =>
  app.inject({ method: 'PATCH', url: '/user', headers, payload: { firstname } });

describe('the scopes of the token an account-API route is given', () => {
  it('lists every route of the account API in one table', () => {
    for (const [domain, routes] of Object.entries(accountApi)) {
      const table = ROUTE_SCOPES[domain as keyof typeof ROUTE_SCOPES] as Record<string, string>;
      expect(Object.keys(table).sort(), domain).toEqual(Object.keys(routes).sort());
    }
  });

  it('lets a `user balance` partner token read the user, not change it', async () => {
    const headers = partner();
    const read = await app.inject({ url: '/user', headers });
    expect(read.statusCode).toBe(200);
    const write = await rename(headers, 'Mallory');
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('insufficient_scope');
    expect(write.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="userwrite"',
    );
    expect(findAccountByLogin(store, 'employee@example.be')?.firstname).toBe('Emma');
  });

  it('keeps a partner token out of grants, second factors, sessions and the history', async () => {
    const headers = partner();
    for (const [method, url] of [
      ['GET', '/tokens'],
      ['GET', '/mfa'],
      ['GET', '/mfa/status'],
      ['GET', '/sessions'],
      ['DELETE', '/sessions'],
      ['GET', '/history'],
      ['GET', '/passkeys'],
      ['GET', '/trusted-devices'],
      ['GET', '/user/notifications'],
      ['DELETE', '/user/sso'],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('insufficient_scope');
    }
    // The partner's token was refused before the route ran: the user's sessions are all there.
    const sessions = await app.inject({ url: '/sessions', headers: portal() });
    expect(sessions.json().sessions.length).toBeGreaterThan(1);
  });

  it('lets a first-party client with `userwrite` change the user, but not list grants', async () => {
    const headers = mobileApp();
    const write = await rename(headers, 'Emmy');
    expect(write.statusCode).toBe(200);
    expect((await app.inject({ url: '/tokens', headers })).statusCode).toBe(403);
  });
});

describe('the address-hash hand-over', () => {
  const handover = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/token/handover', headers });
  const byHash = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/token/hash',
      headers: deviceHeaders(),
      payload: { token, 'origin-app': 'mobile' },
    });

  it('refuses to mint a hand-over token from a partner token', async () => {
    const res = await handover(partner());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('insufficient_scope');
    expect([...store.challenges.values()].some((c) => c.purpose === 'handover')).toBe(false);
  });

  it("mints one for the portal and a first-party app, and names the minter's client", async () => {
    const fromApp = await handover(mobileApp());
    expect(fromApp.statusCode).toBe(201);
    const signedIn = await byHash(fromApp.json().token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ client_id: 66, password_status: 0 });

    const fromPortal = await handover(portal());
    expect((await byHash(fromPortal.json().token)).json().client_id).toBeNull();
  });

  it('refuses a hand-over token that a partner token minted (made by an older account API)', async () => {
    const minted = await handover(mobileApp());
    const row = store.challenges.get(minted.json().token);
    if (!row) throw new Error('no hand-over row');
    row.data.clientId = 101;
    const res = await byHash(minted.json().token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
  });
});
