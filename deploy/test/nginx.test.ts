import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect as http2Connect } from 'node:http2';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startStack, type TestStack } from '@portal/gateway/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../gateway/src/config';
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

/** `text` with `from` replaced, which must occur exactly `times` times. */
function replace(text: string, from: string, to: string, times = 1) {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`portal.conf: "${from}" found ${found} times, not ${times}`);
  return text.replaceAll(from, to);
}

/** Resolves once something accepts TCP connections on the port (nginx has started). */
async function listening(port: number, deadline = Date.now() + 15_000): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let dir: string;
let stack: TestStack;
let nginx: ChildProcess;
let ports: { tls: number; http: number; gateway: number; stopped: number };
let cert: string;

beforeAll(async () => {
  if (!NGINX)
    throw new Error("nginx is not installed: apt-get install nginx (Debian's, 1.22 on Debian 12)");
  ports = {
    tls: await freePort(),
    http: await freePort(),
    gateway: await freePort(),
    stopped: await freePort(),
  };
  dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  const web = join(dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Portal</title>');
  // Both countries at the proxy's non-default port: the origins name it.
  stack = await startStack({
    PUBLIC_ORIGIN_BE: [`https://account.example.be:${ports.tls}`],
    PUBLIC_ORIGIN_LU: [`https://account.example.lu:${ports.tls}`],
    TRUST_PROXY: loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY,
    WEB_DIST: web,
  });
  await stack.gateway.listen({ port: ports.gateway, host: '127.0.0.1' });

  execFileSync(
    'openssl',
    [
      ...[
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=account.example.be',
      ],
      ...['-addext', 'subjectAltName=DNS:account.example.be,DNS:account.example.lu'],
      ...['-keyout', join(dir, 'account.key'), '-out', join(dir, 'account.pem')],
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(dir, 'account.pem'), 'utf8');

  // The documented file; the second gateway is a port nothing listens on (a stopped gateway).
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
  nginx = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'early.log'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
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
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One request over HTTP/2 through nginx, at the public name and the non-default port. */
function get(host: string, path: string) {
  return new Promise<{ status: number; type: string; body: string; protocol: string }>(
    (resolve, reject) => {
      // To nginx on loopback, as a browser resolving the name to it: the
      // certificate checked for that name, the name and port as :authority.
      const session = http2Connect(`https://127.0.0.1:${ports.tls}`, {
        ca: cert,
        servername: host,
      });
      session.once('error', reject);
      const stream = session.request({ ':path': path, ':authority': `${host}:${ports.tls}` });
      let body = '';
      let headers: Record<string, unknown> = {};
      stream.on('response', (h) => {
        headers = h;
      });
      stream.on('data', (chunk) => {
        body += chunk;
      });
      stream.on('end', () => {
        resolve({
          status: Number(headers[':status']),
          type: String(headers['content-type']),
          body,
          protocol: session.alpnProtocol ?? '',
        });
        session.close();
      });
      stream.on('error', reject);
    },
  );
}

describe("the documented nginx configuration, on Debian's nginx", () => {
  it('is the one docs/operations.md shows, and nginx accepts it', () => {
    expect(readRepoFile('docs/operations.md')).toContain(`\`\`\`nginx\n${CONF}\`\`\``);
    const test = spawnSync(
      NGINX!,
      ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'early.log')],
      {
        encoding: 'utf8',
      },
    );
    expect(test.stderr).toContain('test is successful');
  });

  it('serves a page over HTTP/2 at a non-default port, the Host kept whole (no 421)', async () => {
    const page = await get('account.example.be', '/login/email');
    expect(page).toMatchObject({ status: 200, protocol: 'h2' });
    expect(page.type).toMatch(/^text\/html/);
    // Each country by its own name: the gateway saw the Host with its port.
    const be = await get('account.example.be', '/api/config');
    expect(be.status).toBe(200);
    expect(JSON.parse(be.body)).toMatchObject({ variant: 'be' });
    const lu = await get('account.example.lu', '/api/config');
    expect(JSON.parse(lu.body)).toMatchObject({ variant: 'lu' });
  });

  it('tries a stopped gateway once, not once a request (no retry storm)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await get('account.example.be', '/api/config')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Every refused connection is one error line; max_fails=0 gave one every other request.
    const refused = readFileSync(join(dir, 'error.log'), 'utf8').match(/connect\(\) failed/g) ?? [];
    expect(refused.length).toBeLessThanOrEqual(1);
  });
});
