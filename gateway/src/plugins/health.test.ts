import { describe, expect, it } from 'vitest';
import { fileStack, stackForTest } from '../test-helpers';

const stack = fileStack();

describe('health probes', () => {
  it('/healthz answers on the public port; /readyz on the management port only', async () => {
    expect((await stack.gateway.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await stack.gateway.inject({ url: '/readyz' })).statusCode).toBe(404);
    const ready = await stack.gateway.management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      store: 'memory',
      upstreams: { be: 'ok', lu: 'ok' },
    });
  });

  it('stays ready when an account API is down: only the metric says so', async () => {
    const s = await stackForTest({});
    await s.lu.app.close();
    const ready = await s.gateway.management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      upstreams: { be: 'ok', lu: 'unreachable' },
    });
    const metrics = await s.gateway.management.inject({ url: '/metrics' });
    expect(metrics.body).toContain('portal_account_api_up{variant="be"} 1');
    expect(metrics.body).toContain('portal_account_api_up{variant="lu"} 0');
  });
});
