import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, and a file of it read as text. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const readRepoFile = (path: string) => readFileSync(`${ROOT}/${path}`, 'utf8');

/** Whether a command is on PATH. */
export const hasCommand = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Every variable the gateway reads: the keys of the `Env` object of
 * gateway/src/config.ts, read from its source so that a variable added there
 * is at once one that compose and the ConfigMap are checked against.
 */
export function gatewayVariables(): string[] {
  const source = readRepoFile('gateway/src/config.ts');
  const body = /\nconst Env = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1];
  if (!body) throw new Error('gateway/src/config.ts: no `const Env = z.object({…});` found');
  const names = [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
  if (names.length < 20) throw new Error(`gateway/src/config.ts: only ${names.length} variables`);
  return names;
}
