import { execFileSync, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { compose, down, health, IMAGES, LABELS, PORTS, printLogs, ROOT, SHELL_ENV } from './stack';

/** True when something already listens on the port (a `pnpm start` left running, say). */
const busy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(!socket.destroy()));
    socket.once('error', () => resolve(false));
  });

/** The registry npm uses here, for the image's install (a mirror, if the machine has one). */
function npmRegistry(): string {
  if (process.env.npm_config_registry) return process.env.npm_config_registry;
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'https://registry.npmjs.org/';
  }
}

/**
 * Each build that changes an image leaves the previous one untagged: the
 * runtime images go; of the build stages (the build, the stripped node, the
 * runtime's root), which the legacy builder (compose v1; docker without
 * buildx) keeps untagged, the newest stays as the next build's cache.
 */
function dropStaleImages() {
  const dangling = (stage: string) =>
    execFileSync(
      'docker',
      ['image', 'ls', '-q', '--filter', 'dangling=true', '--filter', `label=portal.stage=${stage}`],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
  const stale = [
    ...dangling('build').slice(1),
    ...dangling('node').slice(1),
    ...dangling('runtime-root').slice(1),
    ...dangling('gateway'),
    ...dangling('mock-upstream'),
  ];
  if (stale.length) spawnSync('docker', ['image', 'rm', ...stale], { stdio: 'ignore' });
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * A Docker engine and the base images (scripts/ensure-docker.mjs), then the
 * images built and the stack brought up until every service is healthy. The
 * build and the start are timed apart: "up to healthy" is the stack's start.
 */
export default async function globalSetup() {
  execFileSync(process.execPath, [`${ROOT}/scripts/ensure-docker.mjs`], { stdio: 'inherit' });
  down(); // what a run that was killed may have left
  for (const port of Object.values(PORTS)) {
    if (await busy(port)) {
      throw new Error(`Port ${port} is in use: the compose stack needs 3000, 4010 and 4011 free.`);
    }
  }

  let started = Date.now();
  compose(['build'], { env: { npm_config_registry: npmRegistry(), ...LABELS } });
  console.log(`[compose] images built in ${seconds(started)}`);
  dropStaleImages();

  started = Date.now();
  try {
    // A variable set in the operator's shell, which compose must pass on (compose.spec.ts).
    compose(['up', '-d'], { env: SHELL_ENV });
    for (;;) {
      const states = health();
      if (states.length === 4 && states.every((s) => s.endsWith(' healthy'))) break;
      // An unhealthy service may recover (a probe timed out on a loaded machine): wait.
      if (states.some((s) => / (exited|dead)$/.test(s)) || Date.now() - started > 180_000) {
        throw new Error(`The stack did not become healthy:\n  ${states.join('\n  ')}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    printLogs();
    down();
    throw error;
  }
  console.log(`[compose] up to healthy (4 services) in ${seconds(started)}`);
  console.log(
    execFileSync(
      'docker',
      [
        'image',
        'ls',
        '--format',
        '[compose] image {{.Repository}}:{{.Tag}} {{.Size}}',
        ...IMAGES.flatMap((name) => ['--filter', `reference=${name}`]),
      ],
      { encoding: 'utf8' },
    ).trim(),
  );
}
