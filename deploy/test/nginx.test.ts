import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, listening, type ProxySetup, proxySetup, replace } from './proxy';
import { readRepoFile } from './repo';

/**
 * The nginx configuration docs/operations.md gives ("Reverse proxy"), kept as
 * deploy/nginx/portal.conf, run as it is by Debian's nginx (1.22 on Debian 12)
 * in front of a real gateway: only its addresses, ports and certificate paths
 * are replaced by the test's own.
 */

const CONF = readRepoFile('deploy/nginx/portal.conf');
const NGINX = ['/usr/sbin/nginx', 'nginx'].find(
  (bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0,
);

let setup: ProxySetup;
let nginx: ChildProcess;
/** nginx's arguments: the test's folder, its nginx.conf, its startup log. */
let args: string[];

beforeAll(async () => {
  if (!NGINX)
    throw new Error("nginx is not installed: apt-get install nginx (Debian 12's is 1.22)");
  setup = await proxySetup();
  const { dir, ports } = setup;
  // The documented file; the second gateway is one that has stopped.
  let conf = replace(CONF, 'server 10.0.1.11:3000', `server 127.0.0.1:${ports.gateway}`);
  conf = replace(conf, 'server 10.0.1.12:3000', `server 127.0.0.1:${ports.stopped}`);
  conf = replace(conf, 'listen 443 ssl http2;', `listen 127.0.0.1:${ports.tls} ssl http2;`);
  conf = replace(conf, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  conf = replace(conf, '/etc/nginx/tls/', `${dir}/`, 2);
  writeFileSync(join(dir, 'portal.conf'), conf);
  // What Debian's /etc/nginx/nginx.conf provides around conf.d/, in the test's folder.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `${name}_temp_path ${dir}/${name};`,
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'worker_processes 1;',
      'events { worker_connections 256; }',
      `http { access_log off; ${temp.join(' ')} include ${dir}/portal.conf; }`,
    ].join('\n'),
  );
  args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'early.log')];
  nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  // Started, or stopped at once with its reason (a directive its version does not know).
  const failed = new Promise<never>((_, reject) =>
    nginx.once('exit', () => {
      const log = (file: string) => readFileSync(join(dir, file), 'utf8');
      reject(new Error(`nginx stopped: ${log('early.log')}${log('error.log')}`));
    }),
  );
  await Promise.race([listening(ports.tls), failed]);
});

afterAll(async () => {
  if (nginx?.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await setup?.stack.close();
  if (setup) rmSync(setup.dir, { recursive: true, force: true });
});

describe("the documented nginx configuration, on Debian's nginx", () => {
  it('is the one docs/operations.md shows, and nginx accepts it', () => {
    expect(readRepoFile('docs/operations.md')).toContain(`\`\`\`nginx\n${CONF}\`\`\``);
    const test = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8' });
    expect(test.stderr).toContain('test is successful');
  });

  it('serves a page over HTTP/2 at a non-default port, the Host kept whole (no 421)', async () => {
    const page = await get(setup, 'account.example.be', '/login/email');
    expect(page).toMatchObject({ status: 200, protocol: 'h2' });
    expect(page.type).toMatch(/^text\/html/);
    // Each country by its own name: the gateway saw the Host with its port.
    const be = await get(setup, 'account.example.be', '/api/config');
    expect(be.status).toBe(200);
    expect(JSON.parse(be.body)).toMatchObject({ variant: 'be' });
    const lu = await get(setup, 'account.example.lu', '/api/config');
    expect(JSON.parse(lu.body)).toMatchObject({ variant: 'lu' });
  });

  it('tries a stopped gateway once, not once a request (no retry storm)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await get(setup, 'account.example.be', '/api/config')).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Every refused connection is one error line; max_fails=0 gave one every other request.
    const log = readFileSync(join(setup.dir, 'error.log'), 'utf8');
    expect((log.match(/connect\(\) failed/g) ?? []).length).toBeLessThanOrEqual(1);
  });
});
