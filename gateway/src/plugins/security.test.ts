import { describe, expect, it } from 'vitest';
import { apiHeaders, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
const proxied = testStack({ scope: 'file', config: { TRUST_PROXY: ['127.0.0.1'] } });

/** The CSP as a map of directive → sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('sends a strict Content-Security-Policy on pages', async () => {
    for (const url of ['/api/docs', '/healthz']) {
      const res = await stack.gateway.inject({ url, headers: apiHeaders('be.localhost:3000') });
      const policy = csp(res.headers['content-security-policy']);
      // 'self' alone: no inline script, by hash or otherwise.
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers API calls with a policy that allows nothing, and never lets them be cached', async () => {
    for (const url of ['/api/config', '/api/user']) {
      const res = await stack.gateway.inject({ url, headers: apiHeaders('be.localhost:3000') });
      expect(res.headers['content-type']).toContain('application/json');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('allows the captcha provider only when a captcha site key is configured', async () => {
    const captcha = await testStack({ config: { CAPTCHA_SITE_KEY: 'site-key' } });
    const res = await captcha.gateway.inject({ url: '/api/docs' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toContain('https://www.google.com/recaptcha/');
    expect(policy.get('frame-src')).toContain('https://www.google.com/recaptcha/');
    const plain = await stack.gateway.inject({ url: '/api/docs' });
    expect(csp(plain.headers['content-security-policy']).get('frame-src')).toEqual(["'none'"]);
  });

  it('sends HSTS when the public origin is HTTPS, whatever a proxy hop says', async () => {
    // be.localhost is configured as http://: a hop claiming HTTPS does not pin it.
    const http = await proxied.gateway.inject({
      url: '/api/config',
      headers: { ...apiHeaders('be.localhost:3000'), 'x-forwarded-proto': 'https' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();

    // account.example.be is configured as https://: HSTS on pages and API answers alike.
    for (const url of ['/api/config', '/login/email', '/healthz']) {
      const https = await stack.gateway.inject({ url, headers: apiHeaders('account.example.be') });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('grants no CORS to another origin', async () => {
    const preflight = await stack.gateway.inject({
      method: 'OPTIONS',
      url: '/api/sign-in/password',
      headers: {
        host: 'be.localhost:3000',
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-device-id',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);

    const get = await stack.gateway.inject({
      url: '/api/config',
      headers: { ...apiHeaders('be.localhost:3000'), origin: 'https://evil.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
