import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test-helpers';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  while (cleanups.length) await cleanups.pop()?.();
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

async function waitUntilUp(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never came up`);
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

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM, then exits 0 and takes no new ones', async () => {
    // An upstream that takes a second to answer keeps /readyz in flight.
    const slow = Fastify();
    slow.get('/', async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return { ok: true };
    });
    const slowUrl = await slow.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => slow.close());

    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      UPSTREAM_BE_URL: slowUrl,
      UPSTREAM_LU_URL: slowUrl,
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/healthz`);

    const inFlight = fetch(`${base}/readyz`);
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 30_000);
});
