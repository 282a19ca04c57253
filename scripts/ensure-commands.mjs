// Test suites that start Debian's own programs (Redis, nginx, HAProxy…) make
// sure those are installed first: when a command is missing and we are root on
// Debian, its package is installed with apt-get; otherwise the suite stops
// with the command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/**
 * `commands` maps each command to the Debian package that has it; `purpose`
 * names the tests that need them, for the messages.
 */
export function ensureCommands(commands, purpose) {
  const missing = () => Object.keys(commands).filter((cmd) => !has(cmd));
  const packages = (cmds) => [...new Set(cmds.map((cmd) => commands[cmd]))];
  const absent = missing();
  if (absent.length && process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log(`Installing Debian's ${packages(absent).join(', ')} for ${purpose}…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', ...packages(absent)], {
        stdio: 'inherit',
        env,
      });
    } catch {
      console.error(`Installing ${packages(absent).join(', ')} with apt-get failed.`);
      process.exit(1);
    }
  }
  const still = missing();
  if (still.length) {
    console.error(
      `${purpose} need ${still.join(', ')}.\n` +
        `Install them with: sudo apt-get install ${packages(still).join(' ')}`,
    );
    process.exit(1);
  }
}
