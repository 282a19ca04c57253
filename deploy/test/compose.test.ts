import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { gatewayVariables, hasCommand, ROOT, readRepoFile } from './repo';

/**
 * docker-compose.yml as compose reads it (docs/operations.md, "Docker and
 * compose"): ports and origins from the shell, every gateway variable passed
 * through, restarts, memory limits and rotated logs; parsed by Debian 12's
 * compose v1 (`docker-compose`) and by compose v2 where installed.
 */

interface Service {
  ports?: (string | { published: number | string; target: number; host_ip?: string })[];
  environment?: Record<string, string | null>;
  restart?: string;
  mem_limit?: string | number;
  logging?: { driver: string; options: Record<string, string> };
}
interface ComposeFile {
  services: Record<string, Service>;
}

const file = parse(readRepoFile('docker-compose.yml'), { merge: true }) as ComposeFile;

/**
 * The gateway's variables compose does not pass: the image's own (NODE_ENV,
 * WEB_DIST: Dockerfile), and the other Redis modes, which replace REDIS_URL
 * and would stop the start beside the stack's own Redis (docs/operations.md,
 * "Compose: variables").
 */
const NOT_PASSED = [
  'NODE_ENV',
  'WEB_DIST',
  'REDIS_SENTINELS',
  'REDIS_SENTINEL_NAME',
  'REDIS_CLUSTER_NODES',
  'REDIS_USERNAME',
  'REDIS_PASSWORD',
  'REDIS_SENTINEL_PASSWORD',
];

/** The compose commands on this machine: v1 (Debian 12's docker-compose) and v2. */
const COMMANDS = [
  ...(hasCommand('docker-compose') ? [['docker-compose']] : []),
  ...(spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0
    ? [['docker', 'compose']]
    : []),
];

/** The event key compose requires (a production gateway refuses to start without one). */
const KEY = { EVENT_HASH_KEY: 'a-key-of-sixteen-characters' };

/**
 * `compose config` with these shell variables (and none of the caller's that
 * compose reads); throws compose's message when it refuses the file.
 */
function config(command: string[], env: Record<string, string> = KEY): ComposeFile {
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !gatewayVariables().includes(name) && !/_PORT$|^LOG_MAX_|MEMORY/.test(name),
    ),
  );
  const [bin, ...pre] = command;
  const result = spawnSync(
    bin!,
    [...pre, '-f', `${ROOT}/docker-compose.yml`, '--project-directory', ROOT, 'config'],
    { encoding: 'utf8', env: { ...shell, ...env } },
  );
  if (result.status !== 0) throw new Error(`${command.join(' ')} config: ${result.stderr}`);
  return parse(result.stdout) as ComposeFile;
}

/** A published port as `host_ip:published:target`, whichever syntax compose printed. */
function published(service: Service): string[] {
  return (service.ports ?? []).map((port) =>
    typeof port === 'string'
      ? port.replace(/\/tcp$/, '')
      : `${port.host_ip ? `${port.host_ip}:` : ''}${port.published}:${port.target}`,
  );
}

describe('docker-compose.yml', () => {
  it('passes every variable the gateway reads through from the shell', () => {
    const environment = file.services.gateway!.environment ?? {};
    const missing = gatewayVariables().filter(
      (name) => !(name in environment) && !NOT_PASSED.includes(name),
    );
    expect(missing).toEqual([]);
    expect(environment.EVENT_HASH_KEY).toMatch(/^\$\{EVENT_HASH_KEY:\?/);
  });

  it('restarts every service unless stopped, limits its memory and rotates its logs', () => {
    for (const [name, service] of Object.entries(file.services)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.mem_limit, name).toBeTruthy();
      expect(service.logging, name).toEqual({
        driver: 'json-file',
        options: { 'max-size': `\${LOG_MAX_SIZE:-10m}`, 'max-file': `\${LOG_MAX_FILE:-3}` },
      });
    }
    expect(file.services.gateway!.mem_limit).toBe(`\${GATEWAY_MEMORY_LIMIT:-512m}`);
  });

  it('is read by compose v1 or v2 on this machine', () => {
    // Debian 12's docker-compose is what scripts/ensure-docker.mjs installs.
    expect(COMMANDS.length, 'install docker-compose (Debian) or docker compose').toBeGreaterThan(0);
  });

  describe.each(COMMANDS.map((command) => [command.join(' '), command]))('%s', (_, command) => {
    it('publishes the ports the shell names, and only those', () => {
      const defaults = config(command).services;
      expect(published(defaults.gateway!)).toEqual(['3000:3000']);
      expect(published(defaults['mock-be']!)).toEqual(['127.0.0.1:4010:4010']);
      expect(published(defaults['mock-lu']!)).toEqual(['127.0.0.1:4011:4011']);
      expect(defaults.gateway!.environment).toMatchObject({ PORT: '3000' });

      const moved = config(command, {
        ...KEY,
        GATEWAY_PORT: '8080',
        MOCK_BE_PORT: '14010',
        MOCK_LU_PORT: '14011',
      }).services;
      // The gateway listens on the same port inside, so its default origins
      // (http://be.localhost:8080) are the ones the browser uses.
      expect(published(moved.gateway!)).toEqual(['8080:8080']);
      expect(moved.gateway!.environment).toMatchObject({ PORT: '8080' });
      expect(published(moved['mock-be']!)).toEqual(['127.0.0.1:14010:4010']);
      expect(published(moved['mock-lu']!)).toEqual(['127.0.0.1:14011:4011']);
    });

    it("passes the shell's origins and event key; no origin unless the shell sets one", () => {
      const unset = config(command).services.gateway!.environment ?? {};
      for (const name of ['PUBLIC_ORIGIN_BE', 'PUBLIC_ORIGIN_LU']) {
        expect(unset[name] ?? null, name).toBeNull();
      }
      const set = config(command, {
        ...KEY,
        PUBLIC_ORIGIN_BE: 'https://account.example.be',
        PUBLIC_ORIGIN_LU: 'https://account.example.lu',
        GATEWAY_MEMORY_LIMIT: '768m',
      }).services.gateway!;
      expect(set.environment).toMatchObject({
        PUBLIC_ORIGIN_BE: 'https://account.example.be',
        PUBLIC_ORIGIN_LU: 'https://account.example.lu',
        ...KEY,
      });
      expect(String(set.mem_limit)).toMatch(/^(768m|805306368)$/);
    });

    it('refuses to run without EVENT_HASH_KEY, and says how to make one', () => {
      expect(() => config(command, {})).toThrow(/set EVENT_HASH_KEY \(16\+ random characters/);
    });
  });
});
