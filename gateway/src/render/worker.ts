/*
 * A render thread (`pool.ts`): loads the web app's server bundle once and
 * draws pages into the whole HTML the gateway sends, several at once: each
 * render has its own query client, i18next instance and config (the bundle's
 * `draw`), so none waits for another's awaits and none sees another's state.
 */
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { assemblePage } from './assemble';
import type { EntryServer, RenderSetup, RenderTask } from './entry-server';

const setup = workerData as RenderSetup;
const entry = (await import(pathToFileURL(setup.bundle).href)) as EntryServer;
// The signed-in pages' code and texts now, not under the first visitor: a failure only
// means the first such page loads them itself.
if (setup.warm) await entry.warmSignedIn?.(setup.warm).catch(() => undefined);

/**
 * The page's HTML, or null when the bundle does not draw it for this user,
 * or when the task waited past `deadline` (epoch ms) in the queue: its
 * request has had the app's shell by then.
 */
export default async function draw(
  task: RenderTask & { deadline: number },
): Promise<string | null> {
  if (Date.now() > task.deadline) return null;
  const page =
    task.kind === 'entry'
      ? await entry.render(task.location, task.config, task.locale, task.extras)
      : await entry.renderSignedIn(task.location, task.config, task.user, task.extras, task.locale);
  return page && assemblePage(setup.template, page, setup.styles[task.styles] ?? '');
}
