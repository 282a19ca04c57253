import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as http2Connect } from 'node:http2';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestStack, testStack } from '@portal/gateway/test-helpers';
import getPort from 'get-port';
import { loadConfig } from '../../gateway/src/config';

/**
 * What the reverse-proxy tests share: a real gateway with both countries'
 * origins at the proxy's non-default port, a certificate for both names, the
 * documented file with only its addresses, ports and paths replaced, and an
 * HTTP/2 client that calls the proxy as a browser would.
 */
export interface ProxySetup {
  dir: string;
  stack: TestStack;
  ports: { tls: number; http: number; gateway: number; management: number; stopped: number };
  /** The certificate (PEM) the proxy serves for account.example.be and account.example.lu. */
  cert: string;
}

export async function proxySetup(): Promise<ProxySetup> {
  const ports = {
    tls: await getPort(),
    http: await getPort(),
    gateway: await getPort(),
    // Its management port (`/readyz`), which the load balancers' health checks ask.
    management: await getPort(),
    // A port nothing listens on: a stopped gateway.
    stopped: await getPort(),
  };
  const dir = mkdtempSync(join(tmpdir(), 'portal-proxy-'));
  const web = join(dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Portal</title>');
  const stack = await testStack({
    scope: 'caller',
    config: {
      PUBLIC_ORIGIN_BE: [`https://account.example.be:${ports.tls}`],
      PUBLIC_ORIGIN_LU: [`https://account.example.lu:${ports.tls}`],
      TRUST_PROXY: loadConfig({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY,
      WEB_DIST: web,
    },
  });
  await stack.gateway.listen({ port: ports.gateway, host: '127.0.0.1' });
  await stack.gateway.management.listen({ port: ports.management, host: '127.0.0.1' });
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=account.example.be'],
      ...['-addext', 'subjectAltName=DNS:account.example.be,DNS:account.example.lu'],
      ...['-keyout', join(dir, 'account.key'), '-out', join(dir, 'account.pem')],
    ],
    { stdio: 'ignore' },
  );
  return { dir, stack, ports, cert: readFileSync(join(dir, 'account.pem'), 'utf8') };
}

/** `text` with `from` replaced, which must occur exactly `times` times. */
export function replace(text: string, from: string, to: string, times = 1) {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`"${from}" found ${found} times, not ${times}`);
  return text.replaceAll(from, to);
}

/** Resolves once something accepts TCP connections on the port (the proxy has started). */
export async function listening(port: number, deadline = Date.now() + 15_000): Promise<void> {
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

/** One request over HTTP/2 through the proxy, at a public name and the non-default port. */
export function get(setup: ProxySetup, host: string, path: string) {
  const { ports, cert } = setup;
  return new Promise<{ status: number; type: string; body: string; protocol: string }>(
    (resolve, reject) => {
      // To the proxy on loopback, as a browser resolving the name to it: the
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
