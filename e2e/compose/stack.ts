import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The repository's docker-compose.yml under its own project name, so that it
 * never touches a stack a developer brought up by hand. Its ports are the
 * file's own (gateway 3000, mocks 4010/4011): the e2e suite (3100/4110/4111)
 * has finished when this runs (e2e's `test` script runs the two in turn).
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PROJECT = 'portal-test';
export const IMAGES = ['portal-gateway', 'portal-mock-upstream'];
export const PORTS = { gateway: 3000, be: 4010, lu: 4011 } as const;
/** The gateway image's OCI labels, from the shell through compose's build arguments. */
export const LABELS = {
  PORTAL_VERSION: '0.0.0-compose-test',
  PORTAL_REVISION: 'compose-test-revision',
  PORTAL_SOURCE: 'https://example.test/portal.git',
};
/**
 * Set in the shell that runs `compose up`: the gateway must see them. The
 * public names the test browses (compose's default origins are only
 * be.localhost and lu.localhost at GATEWAY_PORT).
 */
export const SHELL_ENV = {
  RATE_LIMIT_FORGOT: '29',
  PUBLIC_ORIGIN_BE: `http://be.localhost:${PORTS.gateway},http://account.example.be:${PORTS.gateway}`,
  PUBLIC_ORIGIN_LU: `http://lu.localhost:${PORTS.gateway},http://account.example.lu:${PORTS.gateway}`,
};
/** The test stack's security-event key (a fixed one: the stack is thrown away). */
const STACK_EVENT_HASH_KEY = 'compose-test-event-hash-key';

/** Compose v2 (`docker compose`) where installed, else v1 (`docker-compose`, Debian 12's). */
function composeCommand(): string[] {
  const v2 = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' });
  return v2.status === 0 ? ['docker', 'compose'] : ['docker-compose'];
}
let command: string[] | undefined;

/**
 * Runs `compose -p portal-test -f docker-compose.yml …args` and returns its
 * output, printed only when it fails (a build writes hundreds of lines); `logs`
 * writes straight to ours.
 */
export function compose(args: string[], options: { env?: object; print?: boolean } = {}) {
  command ??= composeCommand();
  const [bin, ...pre] = command;
  const argv = [...pre, '-p', PROJECT, '-f', `${ROOT}/docker-compose.yml`];
  const result = spawnSync(bin!, [...argv, '--project-directory', ROOT, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: options.print ? 'inherit' : 'pipe',
    // compose refuses to read the file without EVENT_HASH_KEY (docker-compose.yml).
    env: { EVENT_HASH_KEY: STACK_EVENT_HASH_KEY, ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-80).join('\n'));
    throw new Error(
      `${command.join(' ')} ${args.join(' ')} failed (${result.status ?? result.signal})`,
    );
  }
  return result.stdout ?? '';
}

/** Each container's health: `starting`, `healthy` or `unhealthy` (or its state if it has no check). */
export function health(): string[] {
  const ids = compose(['ps', '-a', '-q']).split('\n').filter(Boolean);
  if (!ids.length) return [];
  const format =
    '{{.Name}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}';
  return execFileSync('docker', ['inspect', '-f', format, ...ids], { encoding: 'utf8' })
    .trim()
    .split('\n');
}

/** Each service's state and last log lines: printed when something fails. */
export function printLogs() {
  try {
    compose(['ps'], { print: true });
    compose(['logs', '--no-color', '--tail=40'], { print: true });
  } catch {
    // Logs are a courtesy; the failure itself is reported by the caller.
  }
}

export function down() {
  compose(['down', '-v', '--remove-orphans']);
}
