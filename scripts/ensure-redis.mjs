#!/usr/bin/env node
// The gateway's Redis tests run Debian's redis-server, redis-sentinel and
// redis-cli (a real standalone server, a replica, sentinels and a cluster,
// started by the tests on free ports). When one is missing and we are root on
// Debian, install Debian's packages; otherwise say what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each command and the Debian package that has it. */
const commands = {
  'redis-server': 'redis-server',
  'redis-sentinel': 'redis-sentinel',
  'redis-cli': 'redis-tools',
};
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = () => Object.keys(commands).filter((cmd) => !has(cmd));

if (missing().length && process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
  // redis-tools comes with redis-server: the two named packages are enough.
  const packages = ['redis-server', 'redis-sentinel'];
  console.log(`Installing Debian's ${packages.join(', ')} for the Redis tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  } catch {
    console.error(`Installing ${packages.join(', ')} with apt-get failed.`);
    process.exit(1);
  }
}
const still = missing();
if (still.length) {
  console.error(
    `The gateway's Redis tests need ${still.join(', ')}.\n` +
      `Install them with: sudo apt-get install ${[...new Set(still.map((c) => commands[c]))].join(' ')}`,
  );
  process.exit(1);
}
