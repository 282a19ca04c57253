import { describe, expect, it } from 'vitest';
import { api, forwarded, resetWhenMock } from './harness';

/**
 * One passkey for both variants (docs/operations.md): the gateway names the
 * relying party of each ceremony, with `related_origins` when one id serves
 * origins outside its domain. The account API must accept an origin the list
 * names and refuse one it does not, so that a passkey ceremony can only be
 * verified for an origin the relying party's own `/.well-known/webauthn` allows.
 */
resetWhenMock();

const start = (relying_party: { id: string; origin: string; related_origins?: string[] }) =>
  api.passkeys.startAuthentication({
    body: { purpose: 'login', relying_party },
    extraHeaders: forwarded('192.0.2.80'),
  });

describe('relying party with related origins', () => {
  it('asks for a passkey of the id on an origin its related origins list', async () => {
    const res = await start({
      id: 'example.be',
      origin: 'https://account.example.lu',
      related_origins: ['https://account.example.lu'],
    });
    expect(res.status).toBe(200);
    if (res.status !== 200) return;
    expect(res.body.options.rpId).toBe('example.be');
  });

  it('refuses an origin outside the id that the related origins do not list', async () => {
    for (const related of [undefined, ['https://account.example.nl']]) {
      const res = await start({
        id: 'example.be',
        origin: 'https://account.example.lu',
        ...(related ? { related_origins: related } : {}),
      });
      expect(res.status, JSON.stringify(related)).toBe(400);
    }
  });
});
