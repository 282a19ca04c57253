#!/usr/bin/env node
// `pnpm start`: builds the web app (browser and server bundles) and the gateway's bundle, then runs the two
// mock upstreams (BE :4010, LU :4011) and the gateway (:3000) that serves it.
// `--dev` adds Vite's dev server with hot reload (:5173). Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_NODE_FLAGS } from '../gateway/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const skipBuild = process.argv.includes('--no-build');
const bin = (pkg, name) => join(root, pkg, 'node_modules', '.bin', name);

if (!dev && !skipBuild) {
  for (const [pkg, cmd, args] of [
    ['web', bin('web', 'vite'), ['build']],
    // The server bundle the gateway draws the entry pages with (web/src/entry-server.tsx).
    ['web', bin('web', 'vite'), ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/ssr']],
    ['gateway', process.execPath, ['build.mjs']],
  ]) {
    const build = spawnSync(cmd, args, { cwd: join(root, pkg), stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const children = [];
function run(name, pkg, cmd, args, env) {
  const child = spawn(cmd, args, {
    cwd: join(root, pkg),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// MOCK_BE_PORT / MOCK_LU_PORT let the e2e suite run its own stack beside yours.
const bePort = process.env.MOCK_BE_PORT ?? '4010';
const luPort = process.env.MOCK_LU_PORT ?? '4011';
const tsx = bin('gateway', 'tsx');
// Links in the mocks' e-mails (the new-device alert) lead to this stack's portal.
const portalUrl = (name) => `http://${name}.localhost:${process.env.PORT ?? '3000'}`;
run('mock-upstream (be)', 'mock-upstream', tsx, ['src/server.ts'], {
  REGION: 'be',
  PORT: bePort,
  PORTAL_URL: portalUrl('be'),
});
run('mock-upstream (lu)', 'mock-upstream', tsx, ['src/server.ts'], {
  REGION: 'lu',
  PORT: luPort,
  PORTAL_URL: portalUrl('lu'),
});
// The gateway runs as in production (its bundle under plain node); with --dev, from source.
const gateway = dev
  ? [tsx, ['watch', 'src/server.ts']]
  : [process.execPath, [...GATEWAY_NODE_FLAGS, 'dist/server.mjs']];
// With --dev the browser is on Vite's port, which proxies /api with its Host:
// those origins are the portal's too.
const port = process.env.PORT ?? '3000';
const origins = (name) =>
  [`http://${name}.localhost:${port}`, ...(dev ? [`http://${name}.localhost:5173`] : [])].join(',');
run('gateway', 'gateway', gateway[0], gateway[1], {
  UPSTREAM_BE_URL: process.env.UPSTREAM_BE_URL ?? `http://127.0.0.1:${bePort}`,
  UPSTREAM_LU_URL: process.env.UPSTREAM_LU_URL ?? `http://127.0.0.1:${luPort}`,
  PUBLIC_ORIGIN_BE: process.env.PUBLIC_ORIGIN_BE ?? origins('be'),
  PUBLIC_ORIGIN_LU: process.env.PUBLIC_ORIGIN_LU ?? origins('lu'),
  // No load balancer to leave here: stop at once (docs/operations.md "Timeouts and shutdown").
  SHUTDOWN_DELAY_MS: process.env.SHUTDOWN_DELAY_MS ?? '0',
});
if (dev) run('vite', 'web', bin('web', 'vite'), [], {});

console.log(
  `\n  Portal: http://be.localhost:3000 (Belgium), http://lu.localhost:3000 (Luxembourg)${
    dev ? '\n  With hot reload: http://be.localhost:5173' : ''
  }\n  Demo sign-in: employee@example.be / Portal-Demo-2026!\n`,
);
