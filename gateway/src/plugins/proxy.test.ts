import { describe, expect, it } from 'vitest';
import { browserHeaders, DEMO_PASSWORD, testStack, wrongPassword } from '../test-helpers';

describe('behind a proxy (TRUST_PROXY=10.0.0.2)', () => {
  const stack = testStack({
    scope: 'file',
    config: { TRUST_PROXY: ['10.0.0.2'], RATE_LIMIT_SIGN_IN: 2 },
  });

  /** A call as the proxy at 10.0.0.2 passes it on: it appends the address it saw. */
  const viaProxy = (clientSays: string | undefined, seenByProxy: string) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      remoteAddress: '10.0.0.2',
      headers: {
        ...browserHeaders(stack),
        'x-forwarded-for': clientSays ? `${clientSays}, ${seenByProxy}` : seenByProxy,
      },
      payload: wrongPassword,
    });

  it('keys the rate limit on the address the proxy saw, whatever the client wrote before it', async () => {
    const statuses = [];
    for (const forged of [undefined, '203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push((await viaProxy(forged, '192.0.2.50')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it('tells the upstream, and so the security history, the address the proxy saw', async () => {
    // An upstream that records the client address each call names.
    const recorded = await testStack({ record: true, config: { TRUST_PROXY: ['10.0.0.2'] } });
    const res = await recorded.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      remoteAddress: '10.0.0.2',
      headers: { ...browserHeaders(stack), 'x-forwarded-for': '203.0.113.66, 192.0.2.77' },
      payload: {
        username: 'customer@example.be',
        password: DEMO_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(recorded.lastSignIn()?.['x-forwarded-for']).toBe('192.0.2.77');
  });
});

describe('proxies and clients', () => {
  it('warns once, naming the address, when X-Forwarded-For comes from a hop TRUST_PROXY does not list', async () => {
    const { gateway, lines } = await testStack({
      record: true,
      config: { TRUST_PROXY: ['127.0.0.1'] },
    });
    const call = (from: string) =>
      gateway.inject({
        url: '/api/config',
        remoteAddress: from,
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
    await call('172.17.0.1');
    await call('172.17.0.1');
    await call('127.0.0.1');
    const warnings = lines.filter((l) => String(l.msg).startsWith('X-Forwarded-For from'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ address: '172.17.0.1', level: 40 });
    expect(String(warnings[0]?.msg)).toContain('TRUST_PROXY');
  });

  it('takes X-Request-ID from a trusted proxy only', async () => {
    const { gateway } = await testStack({ record: true, config: { TRUST_PROXY: ['10.0.0.2'] } });
    const id = (from: string) =>
      gateway
        .inject({ url: '/healthz', remoteAddress: from, headers: { 'x-request-id': 'lb-7' } })
        .then((r) => r.headers['x-request-id']);
    expect(await id('10.0.0.2')).toBe('lb-7');
    expect(await id('203.0.113.5')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('limits IPv6 clients per /64, and counts the refusals by class', async () => {
    const stack = await testStack({ record: true, config: { RATE_LIMIT_SIGN_IN: 2 } });
    const { gateway } = stack;
    const attempt = (ip: string) =>
      gateway
        .inject({
          method: 'POST',
          url: '/api/sign-in/password',
          remoteAddress: ip,
          headers: browserHeaders(stack),
          payload: { username: 'nobody@example.be', password: 'x' },
        })
        .then((r) => r.statusCode);
    expect(await attempt('2001:db8:1:2::a')).toBe(400);
    expect(await attempt('2001:db8:1:2:ffff::b')).toBe(400);
    expect(await attempt('2001:db8:1:2::c')).toBe(429);
    expect(await attempt('2001:db8:1:3::a')).toBe(400);
    const metrics = (await gateway.management.inject({ url: '/metrics' })).body;
    expect(metrics).toContain('portal_rate_limit_refusals_total{class="signIn"} 1');
  });
});
