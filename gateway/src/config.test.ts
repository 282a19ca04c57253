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
