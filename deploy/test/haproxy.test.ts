import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, listening, type ProxySetup, proxySetup, replace } from './proxy';
import { readRepoFile } from './repo';

/**
 * The HAProxy alternative docs/operations.md gives ("Reverse proxy"), kept as
 * deploy/haproxy/portal.cfg, run as it is by Debian's HAProxy (2.6 on Debian
 * 12) after a test `global` section, in front of a real gateway.
 */

const CFG = readRepoFile('deploy/haproxy/portal.cfg');
const HAPROXY = ['/usr/sbin/haproxy', 'haproxy'].find(
  (bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0,
);

let setup: ProxySetup;
let haproxy: ChildProcess;
let files: string[];

/** One command on HAProxy's stats socket, its answer. */
function stats(command: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(join(setup.dir, 'haproxy.sock'));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

beforeAll(async () => {
  if (!HAPROXY)
    throw new Error("haproxy is not installed: apt-get install haproxy (Debian 12's is 2.6)");
  setup = await proxySetup();
  const { dir, ports } = setup;
  // HAProxy reads the certificate and its key from one file.
  writeFileSync(
    join(dir, 'bundle.pem'),
    setup.cert + readFileSync(join(dir, 'account.key'), 'utf8'),
  );
  let cfg = replace(
    CFG,
    'server gateway1 10.0.1.11:3000 port 9000',
    `server gateway1 127.0.0.1:${ports.gateway} port ${ports.management}`,
  );
  cfg = replace(
    cfg,
    'server gateway2 10.0.1.12:3000 port 9000',
    `server gateway2 127.0.0.1:${ports.stopped} port ${ports.stopped}`,
  );
  cfg = replace(
    cfg,
    'bind :443 ssl crt /etc/haproxy/tls/account.pem',
    `bind 127.0.0.1:${ports.tls} ssl crt ${dir}/bundle.pem`,
  );
  cfg = replace(cfg, 'bind :80', `bind 127.0.0.1:${ports.http}`);
  writeFileSync(join(dir, 'portal.cfg'), cfg);
  writeFileSync(
    join(dir, 'global.cfg'),
    [
      'global',
      `    pidfile ${dir}/haproxy.pid`,
      `    stats socket ${dir}/haproxy.sock mode 600 level admin`,
      '    log stderr format raw local0 notice',
      '',
    ].join('\n'),
  );
  files = ['-f', join(dir, 'global.cfg'), '-f', join(dir, 'portal.cfg')];
  haproxy = spawn(HAPROXY, ['-db', ...files], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  haproxy.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const failed = new Promise<never>((_, reject) =>
    haproxy.once('exit', () => reject(new Error(`haproxy stopped: ${stderr}`))),
  );
  await Promise.race([listening(ports.tls), failed]);
});

afterAll(async () => {
  if (haproxy?.exitCode === null) {
    const exited = new Promise((resolve) => haproxy.once('exit', resolve));
    haproxy.kill('SIGUSR1');
    await exited;
  }
  await setup?.stack.close();
  if (setup) rmSync(setup.dir, { recursive: true, force: true });
});

describe("the documented HAProxy configuration, on Debian's HAProxy", () => {
  it('is the one docs/operations.md shows, and HAProxy accepts it without a warning', () => {
    expect(readRepoFile('docs/operations.md')).toContain(`\`\`\`haproxy\n${CFG}\`\`\``);
    const check = spawnSync(HAPROXY!, ['-c', ...files], { encoding: 'utf8' });
    expect(check.status).toBe(0);
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/WARNING|ALERT/);
  });

  it('serves a page over HTTP/2 at a non-default port, the Host kept whole (no 421)', async () => {
    const page = await get(setup, 'account.example.be', '/login/email');
    expect(page).toMatchObject({ status: 200, protocol: 'h2' });
    expect(page.type).toMatch(/^text\/html/);
    const be = await get(setup, 'account.example.be', '/api/config');
    expect(JSON.parse(be.body)).toMatchObject({ variant: 'be' });
    const lu = await get(setup, 'account.example.lu', '/api/config');
    expect(JSON.parse(lu.body)).toMatchObject({ variant: 'lu' });
  });

  it('sets a stopped gateway aside after one refused connection', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await get(setup, 'account.example.be', '/api/config')).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    // HAProxy's own counters (CSV) of the stopped gateway.
    const [header, ...rows] = (await stats('show stat')).trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const stopped = rows
      .map((row) => Object.fromEntries(row.split(',').map((v, i) => [columns[i], v])))
      .find((row) => row.pxname === 'gateways' && row.svname === 'gateway2')!;
    // Tries of it: failed outright, retried, or sent on to the other gateway
    // (29 of 30 requests without `observe layer4`: the health checks alone
    // take seconds to set it aside).
    const tries = Number(stopped.econ) + Number(stopped.wretr) + Number(stopped.wredis);
    expect(tries).toBeLessThanOrEqual(1);
    expect(stopped.status).toMatch(/^DOWN/);
  });
});
