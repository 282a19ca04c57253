import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiHeaders, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });

describe('favicon per variant', () => {
  it('serves the Belgian icon on BE hosts and the Luxembourg one on LU hosts', async () => {
    const be = await stack.gateway.inject({
      url: '/favicon.ico',
      headers: apiHeaders('be.localhost:3000'),
    });
    const lu = await stack.gateway.inject({
      url: '/favicon.ico',
      headers: apiHeaders('account.example.lu'),
    });
    expect(be.statusCode).toBe(200);
    expect(be.headers['content-type']).toBe('image/x-icon');
    expect(be.headers.vary).toContain('Host');
    expect(be.rawPayload).toEqual(
      readFileSync(new URL('../../public/favicon-be.ico', import.meta.url)),
    );
    expect(lu.rawPayload).toEqual(
      readFileSync(new URL('../../public/favicon-lu.ico', import.meta.url)),
    );
    expect(be.rawPayload.equals(lu.rawPayload)).toBe(false);
    // An ICO file: reserved 0, type 1.
    expect([...be.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);

    const svg = await stack.gateway.inject({
      url: '/favicon.svg',
      headers: apiHeaders('lu.localhost:3000'),
    });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('#00a1de');
  });
});
