import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The real entry point, as `pnpm start` runs it. */
function startServer(env: Record<string, string>) {
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: gatewayDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('configuration at start', () => {
  it('stops the process with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'abc', UPSTREAM_TIMEOUT_MS: '-5' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('Invalid gateway configuration');
    expect(server.stderr()).toMatch(/PORT: /);
    expect(server.stderr()).toMatch(/UPSTREAM_TIMEOUT_MS: /);
  }, 20_000);

  it('refuses an upstream URL that is not http(s)', async () => {
    const server = startServer({ UPSTREAM_LU_URL: 'ftp://upstream.example' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('UPSTREAM_LU_URL: must be an http(s) URL');
  }, 20_000);
});
