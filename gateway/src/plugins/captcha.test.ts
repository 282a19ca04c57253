import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import getPort from 'get-port';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { browserHeaders, DEMO_PASSWORD, type TestStack, testStack } from '../test-helpers';

/**
 * A captcha provider's siteverify endpoint, on loopback: it reads the form the
 * gateway posts and answers as reCAPTCHA, hCaptcha and Turnstile do. The
 * token `good-token` passes; `broken` gets a 500 page; any other is refused.
 */
interface Verification {
  contentType: string | undefined;
  form: URLSearchParams;
}
const seen: Verification[] = [];

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let verifier: Server;
let verifierUrl: string;
let stack: TestStack;
const SECRET = 'the-captcha-secret';

beforeAll(async () => {
  verifier = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    seen.push({ contentType: req.headers['content-type'], form });
    if (form.get('response') === 'broken') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>');
      return;
    }
    const success = form.get('secret') === SECRET && form.get('response') === 'good-token';
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify(
          success ? { success } : { success, 'error-codes': ['invalid-input-response'] },
        ),
      );
  });
  verifier.listen(0, '127.0.0.1');
  await once(verifier, 'listening');
  verifierUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  stack = await testStack({
    scope: 'caller',
    config: {
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET: SECRET,
      CAPTCHA_VERIFY_URL: verifierUrl,
    },
  });
});
afterAll(async () => {
  await stack.close();
  verifier.close();
});
beforeEach(() => {
  seen.length = 0;
});

/** customer@example.be signs in by password alone (no MFA), at the sign-in flow's first step. */
const signIn = (extra: Record<string, unknown>, target: TestStack = stack) =>
  target.gateway.inject({
    method: 'POST',
    url: '/api/sign-in/password',
    headers: browserHeaders(target),
    payload: {
      username: 'customer@example.be',
      password: DEMO_PASSWORD,
      ...extra,
    },
  });

const sessionsOf = (s: TestStack) => s.be.store.tokens.size;

describe('sign-in captcha, verified by the gateway (CAPTCHA_SITE_KEY set)', () => {
  it('refuses a sign-in without a token: 400 captcha, neither provider nor upstream asked', async () => {
    const before = sessionsOf(stack);
    const res = await signIn({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'captcha',
      message: 'Please complete the security check.',
      field: 'captcha',
    });
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    expect(seen).toHaveLength(0);
    expect(sessionsOf(stack)).toBe(before);
  });

  it('asks the provider with the secret, the token and the client address, form-encoded', async () => {
    const before = sessionsOf(stack);
    const res = await signIn({ captcha: 'forged-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('captcha');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(seen[0]?.form ?? [])).toEqual({
      secret: SECRET,
      response: 'forged-token',
      remoteip: '127.0.0.1',
    });
    expect(sessionsOf(stack)).toBe(before);
  });

  it('signs in once the provider vouches for the token', async () => {
    const res = await signIn({ captcha: 'good-token' });
    expect(res.statusCode).toBe(200);
    // customer@example.be may set up a second factor and has none: the offer comes next.
    expect(res.json()).toEqual({ next: '/setup-mfa', view: null });
    expect(res.cookies.find((c) => c.name === 'access_token')?.value).toBeTruthy();
    expect(seen).toHaveLength(1);
  });

  it('fails closed when the provider answers something that is not a verdict: 502, no sign-in', async () => {
    const before = sessionsOf(stack);
    const res = await signIn({ captcha: 'broken' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'captcha_unavailable',
      message: 'The security check could not be verified. Please try again later.',
      field: 'captcha',
    });
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    expect(sessionsOf(stack)).toBe(before);
  });

  it('fails closed when the provider cannot be reached: 502, no sign-in', async () => {
    const down = await testStack({
      config: {
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: SECRET,
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await getPort()}/siteverify`,
      },
    });
    const before = sessionsOf(down);
    const res = await signIn({ captcha: 'good-token' }, down);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('captcha_unavailable');
    expect(res.body).not.toContain('ECONNREFUSED');
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    expect(sessionsOf(down)).toBe(before);
  });

  it('asks for no captcha while the site key is empty', async () => {
    const off = await testStack();
    expect((await signIn({}, off)).statusCode).toBe(200);
  });

  it('will not start with a site key but no secret, naming CAPTCHA_SECRET', () => {
    expect(() => loadConfig({ CAPTCHA_SITE_KEY: 'site-key' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAPTCHA_SITE_KEY: 'site-key' })).toThrow(/CAPTCHA_SECRET/);
    expect(() => loadConfig({ CAPTCHA_VERIFY_URL: 'ftp://x' })).toThrow(/CAPTCHA_VERIFY_URL/);
  });
});
