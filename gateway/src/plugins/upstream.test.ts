import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { apiHeaders, logCapture } from '../test-helpers';

describe('account API host names', () => {
  it('one that does not resolve at start: a warning line and the gauge at 0, and the gateway starts and answers', async () => {
    const log = logCapture();
    const gateway = await buildApp(
      testConfig({
        UPSTREAM_BE_URL: 'http://localhost:4010',
        // RFC 6761: a .invalid name never resolves.
        UPSTREAM_LU_URL: 'http://account-api.invalid/v2',
        LOG_LEVEL: 'info',
      }),
      { logStream: log.stream },
    );
    onTestFinished(() => gateway.close());
    await gateway.ready();
    await vi.waitFor(() => expect(gateway.upstreamHostResolves()).toEqual({ be: true, lu: false }));
    const warnings = log.lines.filter(
      (line) => Number(line.level) === 40 && String(line.msg).includes('host name'),
    );
    expect(warnings).toEqual([
      expect.objectContaining({
        variant: 'lu',
        host: 'account-api.invalid',
        reason: 'ENOTFOUND',
        msg: 'account API host name does not resolve: its calls fail (502) until it does',
      }),
    ]);
    const { body } = await gateway.metrics.text();
    expect(body).toContain('portal_account_api_host_resolves{variant="be"} 1');
    expect(body).toContain('portal_account_api_host_resolves{variant="lu"} 0');
    // Readiness names it, and stays ready: the name may come later.
    const ready = await gateway.management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().warnings).toEqual(['UPSTREAM_LU_URL: its host name does not resolve']);
    // It does not stop the gateway: what needs no account API is served.
    const config = await gateway.inject({
      url: '/api/config',
      headers: apiHeaders('lu.localhost:3000'),
    });
    expect(config.statusCode).toBe(200);
  });
});
