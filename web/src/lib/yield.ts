/**
 * Lets the browser run what waits (input, a paint) before the next step of
 * a long start-up: each step is then its own task, none long enough to hold
 * a tap on a slow phone (a task over 50 ms is a "long task";
 * docs/performance.md, Lighthouse's total blocking time). `scheduler.yield`
 * where the browser has it (the continuation goes first in the queue), else
 * a macrotask.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
