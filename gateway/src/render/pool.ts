import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { RenderSetup, RenderTask } from './entry-server';

/** Why a page went out as the app's shell rather than drawn (`portal_render_fallbacks_total`). */
export type RenderFallback = 'saturated' | 'late' | 'failed';

export type RenderResult = { html: string } | { html: null; fallback?: RenderFallback };

/** Render threads by default: every core but the one the event loop answers on, 1 to 4. */
export const defaultRenderThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

let fromSources: Promise<string> | undefined;
/**
 * The render worker's module: the bundled `dist/render-worker.mjs` beside the
 * production bundle; when the gateway runs from its sources (tests, `pnpm
 * dev`), this folder's `worker.ts` bundled once per process by esbuild (a
 * development dependency, as gateway/build.mjs does for production) into a
 * temporary file: a worker thread has no TypeScript loader of its own.
 */
function workerModule(): Promise<string> {
  if (!import.meta.url.endsWith('.ts')) {
    return Promise.resolve(new URL('./render-worker.mjs', import.meta.url).href);
  }
  fromSources ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = join(mkdtempSync(join(tmpdir(), 'portal-render-')), 'render-worker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    return pathToFileURL(outfile).href;
  })();
  return fromSources;
}

/**
 * Server rendering off the main event loop (issue 37, item 4): a pool of
 * worker threads (piscina), each with its own copy of the web app's server
 * bundle, drawing one page at a time. The queue is bounded: a page that
 * finds it full, or is not drawn within its wait, is answered with the app's
 * shell (the browser draws it), so drawn pages can never hold back
 * `/api/user` or each other beyond that wait.
 */
/** Renders a thread takes at once (they share its CPU; a waiting one lets another run). */
export const RENDERS_PER_THREAD = 4;

export class RenderPool {
  readonly #pool: Piscina;
  readonly threads: number;

  /** A pool of `threads` render threads, each loading the server bundle of `setup`. */
  static async start(setup: RenderSetup, threads = defaultRenderThreads()): Promise<RenderPool> {
    return new RenderPool(await workerModule(), setup, threads);
  }

  private constructor(filename: string, setup: RenderSetup, threads: number) {
    this.threads = threads;
    this.#pool = new Piscina({
      filename,
      workerData: setup,
      minThreads: threads,
      maxThreads: threads,
      // Each render has its own state (query client, i18next instance, config: the server
      // bundle's `draw`): a render waiting on a module or its texts does not hold the next.
      concurrentTasksPerWorker: RENDERS_PER_THREAD,
      // About a second of renders at 5-10 ms each: more would only wait past their deadline.
      maxQueue: threads * 32,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Below the event loop in the kernel's scheduling (nice +10 on Linux): with the cores
      // busy, an API answer runs before a render's next slice, and a page late past its
      // second goes as the app's shell.
      niceIncrement: 10,
    });
  }

  /** Renders waiting for a thread. */
  get queued(): number {
    return this.#pool.queueSize;
  }

  /** The share of the threads' time spent drawing since start, 0 to 1. */
  get utilization(): number {
    return this.#pool.utilization;
  }

  /**
   * The page's HTML, or null with the reason it is not: the queue full
   * (`saturated`), not drawn within `waitMs` (`late`: its thread drops it if
   * it has not begun), the render failed (`failed`, with `error`), or the
   * bundle does not draw this page for this user (no reason).
   */
  async draw(
    task: RenderTask,
    waitMs: number,
    onError?: (err: unknown) => void,
  ): Promise<RenderResult> {
    const deadline = Date.now() + waitMs;
    let timer: NodeJS.Timeout | undefined;
    let run: Promise<string | null>;
    try {
      run = this.#pool.run({ ...task, deadline });
    } catch (err) {
      onError?.(err);
      return { html: null, fallback: 'failed' };
    }
    const drawn: Promise<RenderResult> = run.then(
      (html) =>
        html === null && Date.now() > deadline ? { html: null, fallback: 'late' } : { html },
      (err: unknown) => {
        if (String((err as Error)?.message).includes('queue is at limit')) {
          return { html: null, fallback: 'saturated' };
        }
        onError?.(err);
        return { html: null, fallback: 'failed' };
      },
    );
    const late = new Promise<RenderResult>((resolve) => {
      timer = setTimeout(() => resolve({ html: null, fallback: 'late' }), Math.max(0, waitMs));
    });
    return Promise.race([drawn, late]).finally(() => clearTimeout(timer));
  }

  close(): Promise<void> {
    return this.#pool.destroy();
  }
}
