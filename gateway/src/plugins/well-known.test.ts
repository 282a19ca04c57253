import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, startStack, type TestStack } from '../test-helpers';

describe('real files at real paths', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('serves robots.txt that keeps every page out of search engines, and security.txt', async () => {
    const robots = await stack.gateway.inject({
      url: '/robots.txt',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /');
    const security = await stack.gateway.inject({
      url: '/.well-known/security.txt',
      headers: apiHeaders('account.example.be'),
    });
    expect(security.body).toMatch(/^Contact: /m);
    expect(security.body).toContain(
      'Canonical: https://account.example.be/.well-known/security.txt',
    );
  });
});
