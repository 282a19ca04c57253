/**
 * The account-API conformance suite: what the gateway relies on the account
 * API to enforce (docs/threat-model.md, "What the gateway relies on"), as
 * tests that run against ANY account API.
 *
 *   CONFORMANCE_ACCOUNT_API_URL=https://account-api.test.example \
 *   CONFORMANCE_PASSWORD=… CONFORMANCE_TOTP_LOGIN=… CONFORMANCE_TOTP_SECRET=… \
 *   pnpm --filter @portal/mock-upstream test:conformance
 *
 * Unset, the suite starts the mock account API in process and uses its seed.
 * The test accounts (docs/security.md lists them with what each case does to
 * them):
 *
 * | variable | default (the mock's seed) | used by |
 * |---|---|---|
 * | `CONFORMANCE_PASSWORD` | `Portal-Demo-2026!` | every account below |
 * | `CONFORMANCE_KNOWN_LOGIN` | `employee@example.be` | enumeration: a login that exists; locked from one test address for 15 min |
 * | `CONFORMANCE_TOTP_LOGIN`, `CONFORMANCE_TOTP_SECRET` | `totp@example.be`, `JBSWY3DPEHPK3PXP` | single-use codes: an account with an authenticator app |
 * | `CONFORMANCE_PAUSE_LOGIN`, `CONFORMANCE_PAUSE_TOTP_SECRET` | the TOTP account | second-factor limit: its second factor ends up paused (15 min) |
 * | `CONFORMANCE_MFA_PAUSE_AFTER` | `10` | the most wrong second factors an account may take before its pause |
 * | `CONFORMANCE_SSO_PROVIDER`, `CONFORMANCE_SSO_IDENTITY` | `microsoft`, `new.hire@acme.example` | link: a workplace identity linked to no account; its provider's login must lead back with a code without a person (a test identity provider) |
 * | `CONFORMANCE_SSO_CALLBACK` | `http://be.localhost:3000/sso/microsoft/login/callback` | link: the portal callback registered with that provider |
 * | `CONFORMANCE_LINK_WRONG_PASSWORDS` | `5` | link: the wrong passwords that spend a link payload |
 * | `CONFORMANCE_SESSIONS_LOGIN` | `customer@example.be` | a session's life: an account without a second factor; its password is changed and changed back, its sessions signed out |
 * | `CONFORMANCE_NO_MFA_LOGIN` | `customer@example.be` | typed addresses: an account without a second factor; gains unverified test e-mails; locked from one test address for 15 min by the password-change case |
 * | `CONFORMANCE_INVITATION_CODE` | `WELCOME2026` | typed addresses: an onboarding that is started and never finished |
 * | `CONFORMANCE_LOCKDOWN_LOGIN`, `CONFORMANCE_LOCKDOWN_TOTP_SECRET` | the TOTP account | lock my account: an account with an authenticator app; ends locked (its password must be reset by a person) |
 *
 * The suite plays the gateway: it sends `X-Forwarded-For` (documentation
 * addresses, 192.0.2.0/24), `X-Device-ID` and a browser's `User-Agent`, as the
 * gateway forwards them.
 *
 * Adding a case: a `*.test.ts` file in this folder that takes its accounts
 * from `accounts`, calls the API through `api` (every answer is checked
 * against the account-API contract) and calls `resetWhenMock()` first.
 */
import { randomUUID } from 'node:crypto';
import { accountApi } from '@portal/contract';
import { initClient } from '@ts-rest/core';
import { authenticator } from 'otplib';
import { beforeAll, inject } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../src/seed';

const env = (name: string, fallback: string) => process.env[name] || fallback;

export const baseUrl = inject('accountApiUrl');
export const isMock = inject('isMock');

const password = env('CONFORMANCE_PASSWORD', DEMO_PASSWORD);
const totpLogin = env('CONFORMANCE_TOTP_LOGIN', 'totp@example.be');
const totpSecret = env('CONFORMANCE_TOTP_SECRET', DEMO_TOTP_SECRET);

export const accounts = {
  password,
  known: env('CONFORMANCE_KNOWN_LOGIN', 'employee@example.be'),
  totp: { login: totpLogin, secret: totpSecret },
  pause: {
    login: env('CONFORMANCE_PAUSE_LOGIN', totpLogin),
    secret: env('CONFORMANCE_PAUSE_TOTP_SECRET', totpSecret),
  },
  pauseAfter: Number(env('CONFORMANCE_MFA_PAUSE_AFTER', '10')),
  sessions: env('CONFORMANCE_SESSIONS_LOGIN', 'customer@example.be'),
  noMfa: env('CONFORMANCE_NO_MFA_LOGIN', 'customer@example.be'),
  invitationCode: env('CONFORMANCE_INVITATION_CODE', 'WELCOME2026'),
  lockdown: {
    login: env('CONFORMANCE_LOCKDOWN_LOGIN', totpLogin),
    secret: env('CONFORMANCE_LOCKDOWN_TOTP_SECRET', totpSecret),
  },
  sso: {
    provider: env('CONFORMANCE_SSO_PROVIDER', 'microsoft') as 'microsoft' | 'google',
    identity: env('CONFORMANCE_SSO_IDENTITY', 'new.hire@acme.example'),
    callback: env(
      'CONFORMANCE_SSO_CALLBACK',
      'http://be.localhost:3000/sso/microsoft/login/callback',
    ),
    wrongPasswords: Number(env('CONFORMANCE_LINK_WRONG_PASSWORDS', '5')),
  },
} as const;

/** Every answer is checked against the account-API contract (status and body). */
export const api = initClient(accountApi, {
  baseUrl,
  validateResponse: true,
  throwOnUnknownStatus: true,
});

/** What the gateway forwards for a browser at `address`. */
export function forwarded(address = '192.0.2.10', deviceId = randomUUID()) {
  return {
    'x-forwarded-for': address,
    'x-device-id': deviceId,
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The mock starts each file from its seed; a real account API keeps its accounts. */
export function resetWhenMock(): void {
  beforeAll(async () => {
    if (!isMock) return;
    const res = await fetch(`${baseUrl}/__dev/reset`, { method: 'POST' });
    if (!res.ok) throw new Error(`mock reset failed: ${res.status}`);
  });
}

/**
 * The account API's time now: the mock's own clock (which `untilNextTimeStep`
 * moves on, and which a reset keeps), else this machine's.
 */
async function upstreamNow(): Promise<number> {
  if (!isMock) return Date.now();
  return Date.parse((await moveMockClock(0)).now);
}

async function moveMockClock(ms: number): Promise<{ now: string }> {
  const res = await fetch(`${baseUrl}/__dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  if (!res.ok) throw new Error(`moving the mock's clock failed: ${res.status}`);
  return (await res.json()) as { now: string };
}

/**
 * Waits for the authenticator's next 30-second step: a code of a step already
 * used is refused (that is what the suite checks), so a second sign-in with
 * the same account must wait for a new code, as a person would. The mock's
 * clock is moved on to it instead of waiting up to half a minute.
 */
export async function untilNextTimeStep(): Promise<void> {
  const step = 30_000;
  const wait = step - ((await upstreamNow()) % step) + 250;
  if (isMock) await moveMockClock(wait);
  else await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The authenticator code of `secret` now, as the user's phone shows it (at the account API's time). */
export const totpNow = async (secret: string) =>
  authenticator.clone({ epoch: await upstreamNow() }).generate(secret);

/** A sign-in that needs its second factor: the challenge's payload and the authenticator method. */
export async function passwordChallenge(
  login: string,
  headers = forwarded(),
): Promise<{ payload: string; totpId: number }> {
  const res = await api.auth.createToken({
    body: { grant_type: 'password', username: login, password: accounts.password },
    extraHeaders: headers,
  });
  if (res.status !== 401 || !('mfa' in res.body)) {
    throw new Error(`${login}: expected a second-factor challenge, got ${res.status}`);
  }
  const totp = res.body.mfa.methods.find((m) => m.method === 'totp');
  if (!totp) throw new Error(`${login} has no authenticator method`);
  return { payload: res.body.mfa.payload, totpId: totp.id };
}

/** Points a challenge at the authenticator method (the step a user's method choice is). */
export async function chooseTotp(payload: string, totpId: number, headers = forwarded()) {
  return api.auth.startSudo({ query: { payload, mfaId: totpId }, extraHeaders: headers });
}

/** Signs `login` in with its authenticator `code` (a fresh challenge); the answer as it came. */
export async function signInWithCode(login: string, code: string, headers = forwarded()) {
  const { payload, totpId } = await passwordChallenge(login, headers);
  const started = await chooseTotp(payload, totpId, headers);
  if (started.status !== 200) return started;
  return api.auth.confirmSudo({ body: { payload, code }, extraHeaders: headers });
}

/**
 * A link payload for a workplace identity that no account has: the
 * provider's login is started and followed back to the portal's callback
 * (the provider must answer without a person: the mock's, or a test one),
 * and its code is handed to the account API as the gateway does.
 */
export async function ssoPayload(identity: string): Promise<string> {
  const { provider, callback } = accounts.sso;
  const started = await api.partner.ssoLogin({
    params: { provider },
    query: { redirect_uri: callback, state: randomUUID(), login_hint: identity },
  });
  if (started.status !== 200) throw new Error(`sso login: ${started.status}`);
  let next = new URL(started.body.redirect);
  for (let hop = 0; hop < 10 && `${next.origin}${next.pathname}` !== callback; hop++) {
    const res = await fetch(next, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider did not lead back (${res.status} at ${next})`);
    next = new URL(location, next);
  }
  const code = next.searchParams.get('code');
  if (!code) throw new Error('the provider led back without a code');
  const answer = await api.partner.ssoCallback({ params: { provider }, body: { code } });
  if (answer.status !== 200 || !('payload' in answer.body)) {
    throw new Error(`${identity}: expected an identity without a linked account`);
  }
  return answer.body.payload;
}
