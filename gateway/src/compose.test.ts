import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GATEWAY_NODE_FLAGS } from '../build.mjs';
import { loadConfig } from './config';

// There is no Docker engine on the build machines: the compose file users run is
// checked here for what would break it (a bad gateway setting, a wrong address).
const root = new URL('../../', import.meta.url);
const compose = parse(readFileSync(new URL('docker-compose.yml', root), 'utf8')) as {
  services: Record<
    string,
    { environment?: Record<string, string>; command?: string[]; working_dir?: string }
  >;
};
const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');

describe('docker-compose.yml', () => {
  it('gives the gateway a configuration it accepts, listening beyond the container', () => {
    const config = loadConfig(compose.services.gateway?.environment ?? {});
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.PORT).toBe(3000);
  });

  it('points each region at the mock of that region, on the port it listens on', () => {
    const config = loadConfig(compose.services.gateway?.environment ?? {});
    for (const [url, service, region] of [
      [config.UPSTREAM_BE_URL, 'mock-be', 'be'],
      [config.UPSTREAM_LU_URL, 'mock-lu', 'lu'],
    ] as const) {
      const mock = compose.services[service];
      expect(mock?.environment?.REGION).toBe(region);
      expect(mock?.environment?.HOST).toBe('0.0.0.0');
      expect(new URL(url).host).toBe(`${service}:${mock?.environment?.PORT}`);
      expect(mock?.working_dir).toBe('/app/mock-upstream');
    }
  });

  it('runs the gateway bundle with the production node flags', () => {
    const cmd = /^CMD (.*)$/m.exec(dockerfile)?.[1] ?? '[]';
    expect(JSON.parse(cmd)).toEqual(['node', ...GATEWAY_NODE_FLAGS, 'dist/server.mjs']);
    expect(dockerfile).toContain('node build.mjs');
  });
});
