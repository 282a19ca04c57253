import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** The message a bad environment stops the start with. */
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('the Redis variables', () => {
  it('reads each mode: one server, Sentinel, Cluster', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@redis.internal:6380/2' }).REDIS_URL).toBe(
      'rediss://user:pw@redis.internal:6380/2',
    );
    const sentinel = loadConfig({
      REDIS_SENTINELS: 'sentinel-0.redis:26379, 10.0.0.7:26379,[fd00::7]:26379',
      REDIS_SENTINEL_NAME: 'portal',
      REDIS_PASSWORD: 'secret',
    });
    expect(sentinel.REDIS_SENTINELS).toEqual([
      { host: 'sentinel-0.redis', port: 26379 },
      { host: '10.0.0.7', port: 26379 },
      { host: 'fd00::7', port: 26379 },
    ]);
    expect(sentinel.REDIS_SENTINEL_NAME).toBe('portal');
    expect(
      loadConfig({ REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379' }).REDIS_CLUSTER_NODES,
    ).toEqual([
      { host: 'redis-0', port: 6379 },
      { host: 'redis-1', port: 6379 },
    ]);
    expect(loadConfig({}).REDIS_STARTUP_WAIT_MS).toBe(10_000);
  });

  it('refuses a bad value, naming the variable and what is wrong', () => {
    expect(refusal({ REDIS_URL: 'redis+sentinel://a:26379' })).toContain(
      'REDIS_URL: must be a redis:// or rediss:// URL',
    );
    expect(
      refusal({ REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1', REDIS_SENTINEL_NAME: 'p' }),
    ).toContain('REDIS_SENTINELS: sentinel-1 is not host:port');
    expect(refusal({ REDIS_CLUSTER_NODES: 'redis-0:99999' })).toContain(
      'REDIS_CLUSTER_NODES: redis-0:99999 is not host:port',
    );
    expect(refusal({ REDIS_CLUSTER_NODES: ',' })).toContain(
      'REDIS_CLUSTER_NODES: names no address',
    );
    expect(refusal({ REDIS_STARTUP_WAIT_MS: '-1' })).toContain('REDIS_STARTUP_WAIT_MS: ');
    expect(refusal({ RATE_LIMIT_GATEWAYS: '0' })).toContain('RATE_LIMIT_GATEWAYS: ');
  });

  it('refuses modes that contradict each other', () => {
    expect(refusal({ REDIS_URL: 'redis://a:6379', REDIS_CLUSTER_NODES: 'b:6379' })).toContain(
      'REDIS_CLUSTER_NODES: set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES',
    );
    expect(refusal({ REDIS_SENTINELS: 'a:26379' })).toContain(
      'REDIS_SENTINEL_NAME: required with REDIS_SENTINELS',
    );
    expect(refusal({ REDIS_SENTINEL_NAME: 'portal' })).toContain(
      'REDIS_SENTINELS: required with REDIS_SENTINEL_NAME',
    );
    expect(refusal({ REDIS_URL: 'redis://a:6379', REDIS_PASSWORD: 'pw' })).toContain(
      'REDIS_PASSWORD: with REDIS_URL, put the credentials in the URL',
    );
    expect(refusal({ REDIS_PASSWORD: 'pw' })).toContain(
      'REDIS_PASSWORD: only with REDIS_SENTINELS or REDIS_CLUSTER_NODES',
    );
  });
});

describe('the well-known documents', () => {
  it('reads security.txt and the token endpoint per variant, with defaults', () => {
    const defaults = loadConfig({ PUBLIC_ORIGIN_LU: 'https://account.example.lu' });
    expect(defaults.SECURITY_TXT_CONTACT_BE).toEqual(['mailto:security@be.localhost']);
    expect(defaults.SECURITY_TXT_CONTACT_LU).toEqual(['mailto:security@example.lu']);
    expect(defaults.SECURITY_TXT_EXPIRES.getTime()).toBeGreaterThan(Date.now() + 170 * 86400_000);
    expect(defaults.SECURITY_TXT_EXPIRES.getTime()).toBeLessThan(Date.now() + 365 * 86400_000);
    expect(defaults.OAUTH_TOKEN_ENDPOINT_BE).toBe('http://127.0.0.1:4010/token');
    const set = loadConfig({
      SECURITY_TXT_CONTACT_BE: 'mailto:cert@example.be, tel:+32-2-555-0100',
      SECURITY_TXT_EXPIRES: '2099-01-01T00:00:00Z',
      SECURITY_TXT_LANGUAGES_BE: 'nl, fr',
      OAUTH_TOKEN_ENDPOINT_LU: 'https://api.example.lu/token',
    });
    expect(set.SECURITY_TXT_CONTACT_BE).toEqual(['mailto:cert@example.be', 'tel:+32-2-555-0100']);
    expect(set.SECURITY_TXT_EXPIRES.toISOString()).toBe('2099-01-01T00:00:00.000Z');
    expect(set.SECURITY_TXT_LANGUAGES_BE).toEqual(['nl', 'fr']);
    expect(set.OAUTH_TOKEN_ENDPOINT_LU).toBe('https://api.example.lu/token');
  });

  it('refuses an Expires already past, a contact that is no URI, a bad language', () => {
    expect(refusal({ SECURITY_TXT_EXPIRES: '2020-01-01T00:00:00Z' })).toContain(
      'SECURITY_TXT_EXPIRES: 2020-01-01T00:00:00.000Z is already past',
    );
    expect(refusal({ SECURITY_TXT_EXPIRES: 'next year' })).toContain(
      'SECURITY_TXT_EXPIRES: must be an ISO 8601 date-time',
    );
    expect(refusal({ SECURITY_TXT_CONTACT_LU: 'security@example.lu' })).toContain(
      'SECURITY_TXT_CONTACT_LU: must be comma-separated mailto:, https:// or tel: URIs',
    );
    expect(refusal({ SECURITY_TXT_CONTACT_BE: 'http://example.be/report' })).toContain(
      'SECURITY_TXT_CONTACT_BE:',
    );
    expect(refusal({ SECURITY_TXT_LANGUAGES_BE: 'English' })).toContain(
      'SECURITY_TXT_LANGUAGES_BE: must be comma-separated language tags',
    );
    expect(refusal({ OAUTH_TOKEN_ENDPOINT_BE: 'api.example.be/token' })).toContain(
      'OAUTH_TOKEN_ENDPOINT_BE: must be an http(s) URL',
    );
  });
});

describe('the passkeys relying party', () => {
  const shared = {
    PUBLIC_ORIGIN_BE: 'https://account.example.be,https://example.be',
    PUBLIC_ORIGIN_LU: 'https://account.example.lu',
  };

  it('reads one id for both variants with the other origin related', () => {
    const config = loadConfig({
      ...shared,
      WEBAUTHN_RP_ID: 'Example.BE',
      WEBAUTHN_RELATED_ORIGINS: 'https://account.example.lu',
    });
    expect(config.WEBAUTHN_RP_ID).toBe('example.be');
    expect(config.WEBAUTHN_RELATED_ORIGINS).toEqual(['https://account.example.lu']);
    expect(loadConfig({}).WEBAUTHN_RELATED_ORIGINS).toEqual([]);
  });

  it('refuses an id no origin may use, a public suffix, an origin left out, insecure or too many', () => {
    expect(refusal({ ...shared, WEBAUTHN_RP_ID: 'be' })).toContain(
      'WEBAUTHN_RP_ID: be is not a registrable domain',
    );
    expect(refusal({ ...shared, WEBAUTHN_RP_ID: 'co.uk' })).toContain('not a registrable domain');
    expect(refusal({ ...shared, WEBAUTHN_RP_ID: 'example.be' })).toContain(
      'PUBLIC_ORIGIN_LU: https://account.example.lu is not under WEBAUTHN_RP_ID example.be; list it in WEBAUTHN_RELATED_ORIGINS',
    );
    expect(
      refusal({
        ...shared,
        WEBAUTHN_RP_ID: 'example.be',
        WEBAUTHN_RELATED_ORIGINS: 'http://account.example.lu',
      }),
    ).toContain('WEBAUTHN_RELATED_ORIGINS: http://account.example.lu is not https');
    expect(
      refusal({
        ...shared,
        WEBAUTHN_RP_ID: 'example.be',
        WEBAUTHN_RELATED_ORIGINS: [
          'https://account.example.lu',
          'https://a.one.nl',
          'https://two.de',
          'https://three.fr',
          'https://four.it',
          'https://five.es',
        ].join(','),
      }),
    ).toContain('WEBAUTHN_RELATED_ORIGINS: 6 registrable-domain labels');
    expect(refusal({ WEBAUTHN_RELATED_ORIGINS: 'https://account.example.lu' })).toContain(
      'WEBAUTHN_RELATED_ORIGINS: only with WEBAUTHN_RP_ID',
    );
    expect(refusal({ ...shared, WEBAUTHN_RP_ID: 'https://example.be' })).toContain(
      'WEBAUTHN_RP_ID: must be a host name',
    );
  });
});
