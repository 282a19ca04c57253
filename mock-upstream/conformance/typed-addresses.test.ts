import { LOGIN_LOCK } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { accounts, api, bearer, forwarded, resetWhenMock } from './harness';

/**
 * Wherever a person types an address or a number (a new login, an e-mail or
 * SMS second factor, onboarding), an address another account holds is
 * answered exactly as a free one: the gateway passes these answers on as they
 * are, so an account API that said `email-duplicated` would tell any account
 * whose address it is (docs/security.md, V6.3). Only the caller's own address
 * may be named a duplicate. And every password check outside the sign-in
 * (the password change's current password) counts toward the sign-in's lock.
 */
resetWhenMock();

const unused = () => `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.be`;

/** What an answer says, without what must differ (the payload, the id, the masked address). */
function shapeOf(res: { status: number; body: unknown }) {
  const body = res.body as Record<string, unknown>;
  return { status: res.status, keys: Object.keys(body ?? {}).sort() };
}

/** A session of the account with no second factor (no step-up needed to add a login). */
async function signedIn(address: string): Promise<Record<string, string>> {
  const headers = forwarded(address);
  const res = await api.auth.createToken({
    body: { grant_type: 'password', username: accounts.noMfa, password: accounts.password },
    extraHeaders: headers,
  });
  if (res.status !== 200 || !('access_token' in res.body)) {
    throw new Error(
      `${accounts.noMfa}: expected a session without a second factor (${res.status})`,
    );
  }
  return { ...headers, ...bearer(res.body.access_token) };
}

describe('enumeration-safe typed addresses', () => {
  it("adding another account's e-mail as a login is answered as a free address", async () => {
    const headers = await signedIn('192.0.2.90');
    const add = (email: string) => api.profile.addLogin({ body: { email }, extraHeaders: headers });
    const taken = await add(accounts.known);
    const free = await add(unused());
    expect(free.status).toBe(200);
    expect(shapeOf(taken)).toEqual(shapeOf(free));
  });

  it("the caller's own address is still named a duplicate", async () => {
    const headers = await signedIn('192.0.2.91');
    const own = await api.profile.addLogin({
      body: { email: accounts.noMfa },
      extraHeaders: headers,
    });
    expect(own.status).toBe(409);
    expect((own.body as { code?: string }).code).toBe('email-duplicated');
  });

  it("setting up another account's e-mail as a second factor is answered as a free one", async () => {
    const headers = await signedIn('192.0.2.92');
    const setup = (target: string) =>
      api.mfa.setupMethod({ body: { method: 'email', target }, extraHeaders: headers });
    const taken = await setup(accounts.known);
    const free = await setup(unused());
    expect(free.status).toBe(200);
    expect(shapeOf(taken)).toEqual(shapeOf(free));
  });

  it("onboarding with another account's e-mail is answered as with a free one", async () => {
    const payloadOf = async () => {
      const res = await api.onboarding.start({
        body: { invitation_code: accounts.invitationCode },
        extraHeaders: forwarded('192.0.2.93'),
      });
      if (res.status !== 200 || !('payload' in res.body)) {
        throw new Error(`onboarding start: ${res.status}`);
      }
      return res.body.payload;
    };
    const send = async (email: string) =>
      api.onboarding.sendEmailCode({
        body: { payload: await payloadOf(), email },
        extraHeaders: forwarded('192.0.2.93'),
      });
    const taken = await send(accounts.known);
    const free = await send(unused());
    expect(free.status).toBe(200);
    expect(shapeOf(taken)).toEqual(shapeOf(free));
  });
});

describe('password checks outside the sign-in', () => {
  it("wrong current passwords of a password change lock the account's sign-in from that address", async () => {
    const address = '192.0.2.94';
    const headers = await signedIn(address);
    const seen: number[] = [];
    for (let i = 0; i <= LOGIN_LOCK.maxFailures; i++) {
      const res = await api.profile.changePassword({
        body: { current_password: `Not-The-Password-${i}!`, password: 'Another-Pass-2027!' },
        extraHeaders: headers,
      });
      seen.push(res.status);
    }
    expect(seen.at(-1)).toBe(429);
    const signIn = await api.auth.createToken({
      body: { grant_type: 'password', username: accounts.noMfa, password: accounts.password },
      extraHeaders: forwarded(address),
    });
    expect(signIn.status).toBe(429);
    expect(signIn.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
