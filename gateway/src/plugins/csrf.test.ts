import { describe, expect, it } from 'vitest';
import { browserHeaders, DEMO_PASSWORD, testStack, wrongPassword } from '../test-helpers';

const stack = testStack({ scope: 'file' });

const signInBody = {
  username: 'employee@example.be',
  password: DEMO_PASSWORD,
};

describe('CSRF rule (docs/security.md)', () => {
  const post = (headers: Record<string, string>) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers,
      payload: wrongPassword,
    });

  it('lets a same-origin call through to the upstream', async () => {
    const res = await post({
      ...browserHeaders(stack),
      origin: 'http://be.localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid username/password.');
  });

  it('refuses same-site and cross-site calls, and other origins', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://lu.localhost:3000' },
      { origin: 'https://be.localhost:3000' },
      { origin: 'null' },
    ];
    for (const extra of refused) {
      const res = await post({ ...browserHeaders(stack), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json().code).toBe('csrf');
    }
  });

  it('refuses every state-changing method without X-Device-ID', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await stack.gateway.inject({
        method,
        url: '/api/sign-in/password',
        headers: { host: 'be.localhost:3000', 'content-type': 'application/json' },
        payload: wrongPassword,
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json().message).toContain('X-Device-ID');
    }
  });

  it('refuses reads too without a device id, and never takes a malformed one', async () => {
    const read = await stack.gateway.inject({ url: '/api/mfa' });
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('csrf');
    const bad = await stack.gateway.inject({
      url: '/api/config',
      headers: { 'x-device-id': '12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_device_id');
  });
});

describe('CSRF rule', () => {
  it('refuses a state-changing call without X-Device-ID', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { host: 'be.localhost:3000', 'content-type': 'application/json' },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
  });

  it('refuses a cross-site POST', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: {
        ...browserHeaders(stack),
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a device id that is not a UUID', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...browserHeaders(stack), 'x-device-id': 'not-a-uuid' },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_device_id');
  });
});
