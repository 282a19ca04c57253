import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import getPort from 'get-port';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';

/**
 * Real Redis servers, sentinels and clusters for the tests: Debian's
 * `redis-server` and `redis-sentinel`, started by the test on free ports, in
 * a temporary folder, without persistence. A missing binary fails the test
 * naming the package (`pnpm test` installs them as root: scripts/ensure-redis.mjs).
 */

const PACKAGES = {
  'redis-server': 'redis-server',
  'redis-sentinel': 'redis-sentinel',
  'redis-cli': 'redis-tools',
};

function requireBinary(name: keyof typeof PACKAGES) {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status !== 0) {
    throw new Error(
      `${name} is not installed: these tests run a real Redis. Install Debian's ${PACKAGES[name]} package (apt-get install redis-server redis-sentinel)`,
    );
  }
}

export interface RedisProcess {
  port: number;
  url: string;
  /** Ends the process (SIGKILL by default: a crash, not a shutdown) and waits for its exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** A client of this server alone (disconnected at the end of the file). */
  client(): Redis;
}

const started: ChildProcess[] = [];
const clients: Redis[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(started.splice(0).map((child) => killed(child)));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function killed(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-redis-'));
  folders.push(dir);
  return dir;
}

/** Starts `command args`, resolving once its output matches `ready` (it logs to stdout). */
function startProcess(
  command: 'redis-server' | 'redis-sentinel',
  args: string[],
  ready: RegExp,
): Promise<ChildProcess> {
  requireBinary(command);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += String(data);
      if (ready.test(output)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data) => {
      output += String(data);
    });
    child.once('exit', (code) =>
      reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`)),
    );
  });
}

function handle(child: ChildProcess, port: number, password?: string): RedisProcess {
  return {
    port,
    url: `redis://${password ? `:${password}@` : ''}127.0.0.1:${port}`,
    kill: (signal) => killed(child, signal),
    client: () => {
      const client = new Redis({ port, host: '127.0.0.1', ...(password ? { password } : {}) });
      // A server the test killed: its client's reconnection errors are expected.
      client.on('error', () => {});
      clients.push(client);
      return client;
    },
  };
}

/**
 * One `redis-server`, with `args` added (`--replicaof`, `--cluster-enabled yes`, …),
 * on `port` (a free one by default), with `password` (`requirepass` and `masterauth`).
 */
export async function startRedis(
  options: { args?: string[]; password?: string; port?: number } = {},
): Promise<RedisProcess> {
  const { args = [], password } = options;
  const port = options.port ?? (await getPort());
  const child = await startProcess(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      folder(),
      ...(password ? ['--requirepass', password, '--masterauth', password] : []),
      ...args,
    ],
    /Ready to accept connections/,
  );
  return handle(child, port, password);
}

/** A replica of `primary`, once its first synchronisation is done. */
export async function startReplica(primary: RedisProcess, password?: string) {
  const replica = await startRedis({
    args: ['--replicaof', '127.0.0.1', String(primary.port)],
    ...(password ? { password } : {}),
  });
  const client = replica.client();
  const synced = async () => /master_link_status:up/.test(await client.info('replication'));
  while (!(await synced())) await new Promise((resolve) => setTimeout(resolve, 50));
  return replica;
}

/**
 * Sentinels watching `primary` under `name` (quorum 2): a primary that does
 * not answer for 1 s is down, and a replica is promoted.
 */
export async function startSentinels(
  primary: RedisProcess,
  name: string,
  count: number,
  password?: string,
): Promise<RedisProcess[]> {
  const sentinels: RedisProcess[] = [];
  for (let i = 0; i < count; i++) {
    const port = await getPort();
    const dir = folder();
    const conf = join(dir, 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 10000`,
        ...(password ? [`sentinel auth-pass ${name} ${password}`] : []),
        '',
      ].join('\n'),
    );
    const child = await startProcess('redis-sentinel', [conf], /\+monitor master/);
    sentinels.push(handle(child, port));
  }
  return sentinels;
}

/** A Redis Cluster of `size` primaries (no replicas), every slot assigned and the cluster `ok`. */
export async function startCluster(size = 3): Promise<RedisProcess[]> {
  requireBinary('redis-cli');
  const nodes: RedisProcess[] = [];
  for (let i = 0; i < size; i++) {
    nodes.push(
      await startRedis({
        args: [
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${i}.conf`,
          '--cluster-node-timeout',
          '2000',
        ],
      }),
    );
  }
  await promisify(execFile)('redis-cli', [
    '--cluster',
    'create',
    ...nodes.map((n) => `127.0.0.1:${n.port}`),
    '--cluster-yes',
  ]);
  for (const node of nodes) {
    const client = node.client();
    while (!/cluster_state:ok/.test(String(await client.cluster('INFO')))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return nodes;
}
