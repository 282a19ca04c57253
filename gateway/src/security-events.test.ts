import { describe, expect, it } from 'vitest';
import { customerSignIn, DEMO_PASSWORD, testStack } from './test-helpers';

describe('security events', () => {
  it('writes sign_in.failed with the request id, client and hashed username, and no secret', async () => {
    const stack = await testStack({ record: true });
    const { lines } = stack;
    const wrong = 'Wrong-Password-123';
    const res = await customerSignIn(stack, wrong);
    expect(res.statusCode).toBe(400);
    const events = lines.filter((l) => l.event);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'sign_in.failed',
        msg: 'security event',
        reqId: res.headers['x-request-id'],
        client: '127.0.0.1',
        username: expect.stringMatching(/^[\w-]{43}$/),
      }),
    ]);
    const log = JSON.stringify(lines);
    expect(log).not.toContain(wrong);
    expect(log).not.toContain('customer@example.be');
  });

  it('writes sign_in.succeeded with the hashed account id, the same on every gateway', async () => {
    const config = { EVENT_HASH_KEY: 'a-key-of-sixteen-chars' };
    const first = await testStack({ record: true, config });
    const second = await testStack({ record: true, config });
    const accounts: unknown[] = [];
    for (const stack of [first, second]) {
      const { lines } = stack;
      const res = await customerSignIn(stack, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const token = res.cookies.find((c) => c.name === 'access_token')?.value ?? '';
      await expect.poll(() => lines.find((l) => l.event === 'sign_in.succeeded')).toBeTruthy();
      const event = lines.find((l) => l.event === 'sign_in.succeeded');
      expect(event).toMatchObject({ reqId: res.headers['x-request-id'], client: '127.0.0.1' });
      expect(JSON.stringify(lines)).not.toContain(token);
      accounts.push(event?.account);
    }
    expect(accounts[0]).toMatch(/^[\w-]{43}$/);
    expect(accounts[1]).toBe(accounts[0]);
  });

  it('counts sign-in outcomes and writes sign_in.locked once the account API locks the account', async () => {
    const stack = await testStack({ record: true });
    const { gateway, lines } = stack;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await customerSignIn(stack, `Wrong-${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(lines.filter((l) => l.event === 'sign_in.locked').length).toBeGreaterThan(0);
    const metrics = (await gateway.management.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/portal_sign_ins_total\{outcome="refused"\} [1-5]/);
    expect(metrics).toMatch(/portal_sign_ins_total\{outcome="locked"\} [1-6]/);
  });
});
