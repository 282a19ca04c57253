import { LOGIN_LOCK } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { accounts, api, forwarded, resetWhenMock } from './harness';

/**
 * A known and an unknown login get answers of the same shape from the
 * forgotten-password call and from sign-in, a lock included; and a stranger's
 * failures lock only the stranger's address out, never the owner elsewhere.
 */
resetWhenMock();

const unknown = `nobody-${Date.now()}@example.be`;
/** The product's one mask (`maskContact` of the contract): `e•••e@example.be`, `+32 4•••01`. */
const MASKED_EMAIL = /^[^•@]•••[^•@]?@[^@]+$/;
const MASKED_PHONE = /^\+\d{1,3} \d•••\d{2}$/;

/** What an answer says, without what must differ (the masked address itself, the payload). */
function shapeOf(res: { status: number; body: unknown }) {
  const body = res.body as Record<string, unknown>;
  return { status: res.status, keys: Object.keys(body ?? {}).sort() };
}

describe('forgot-password', () => {
  for (const technology of [undefined, 'email', 'sms'] as const) {
    it(`answers a known and an unknown login alike (${technology ?? 'the login\u2019s own channel'})`, async () => {
      const ask = (login: string) =>
        api.onboarding.forgotPassword({
          body: { login, ...(technology ? { technology } : {}) },
          extraHeaders: forwarded('192.0.2.70'),
        });
      const known = await ask(accounts.known);
      const stranger = await ask(unknown);
      expect(shapeOf(stranger)).toEqual(shapeOf(known));
      expect(known.status).toBe(200);
      if (known.status !== 200 || stranger.status !== 200) return;
      expect(stranger.body.technology).toBe(known.body.technology);
      for (const answer of [known.body, stranger.body]) {
        expect(answer.recipient).toHaveLength(1);
        const shape = answer.technology === 'SMS' ? MASKED_PHONE : MASKED_EMAIL;
        expect(answer.recipient[0]).toMatch(shape);
      }
    });
  }
});

describe('sign-in failures', () => {
  /** Statuses and codes of `LOGIN_LOCK.maxFailures + 1` wrong passwords for `login` from `address`. */
  async function failures(login: string, address: string) {
    const seen: string[] = [];
    for (let i = 0; i <= LOGIN_LOCK.maxFailures; i++) {
      const res = await api.auth.createToken({
        body: { grant_type: 'password', username: login, password: 'Not-The-Password-1!' },
        extraHeaders: forwarded(address),
      });
      const code = (res.body as { code?: string }).code ?? '';
      const retry = res.headers.get('retry-after') ? ' retry-after' : '';
      seen.push(`${res.status} ${code}${retry}`);
    }
    return seen;
  }

  it('answers a known and an unknown login alike, the lock included', async () => {
    const known = await failures(accounts.known, '192.0.2.80');
    const stranger = await failures(unknown, '192.0.2.80');
    expect(stranger).toEqual(known);
    expect(known.at(-1)).toMatch(/^429 .* retry-after$/);
  });

  it('does not lock the owner out from another address', async () => {
    await failures(accounts.known, '192.0.2.81');
    const owner = await api.auth.createToken({
      body: { grant_type: 'password', username: accounts.known, password: accounts.password },
      extraHeaders: forwarded('192.0.2.82'),
    });
    // Signed in, or asked for the second factor: not locked.
    expect([200, 401]).toContain(owner.status);
  });
});
