#!/usr/bin/env node
// `node e2e/long-tasks.mjs e2e/artifacts/lighthouse/<page>.trace.json`: the main-thread
// tasks of a page's Lighthouse trace (`LIGHTHOUSE_TRACE=1 pnpm --filter @portal/e2e
// lighthouse`) that count towards its total blocking time, with what each spent its
// time on. Lighthouse multiplies what it observed by its 4× CPU slowdown, so a task of
// more than 12.5 ms here is a "long task" (over 50 ms) in its figures
// (docs/performance.md, "Where the blocking time goes").
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node e2e/long-tasks.mjs <page>.trace.json');
  process.exit(2);
}
const { traceEvents } = JSON.parse(readFileSync(file, 'utf8'));
// The page's own renderer: the thread whose navigation loaded an http(s) document.
const navigation = traceEvents.find(
  (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
);
if (!navigation) {
  console.error(`${file}: no page navigation in this trace`);
  process.exit(1);
}
const onPage = (e) => e.pid === navigation.pid && e.tid === navigation.tid;
const ms = (us) => (us / 1000).toFixed(1);
const fcp = traceEvents.find((e) => onPage(e) && e.name === 'firstContentfulPaint');
console.log(`first contentful paint (observed): ${fcp ? ms(fcp.ts - navigation.ts) : '?'} ms`);
const LONG_US = 12_500;
const tasks = traceEvents
  .filter((e) => onPage(e) && e.name === 'RunTask' && e.dur > LONG_US && e.ts >= navigation.ts)
  .sort((a, b) => a.ts - b.ts);
let blocking = 0;
for (const task of tasks) {
  const inside = traceEvents.filter(
    (e) =>
      onPage(e) && e !== task && e.dur && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
  );
  // Time by kind of work (nested events are counted in each of their parents).
  const byName = new Map();
  for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
  const top = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, dur]) => `${name} ${ms(dur)}`)
    .join(', ');
  const urls = [
    ...new Set(inside.map((e) => e.args?.data?.url).filter((u) => u?.startsWith('http'))),
  ].map((u) => new URL(u).pathname);
  const simulated = (task.dur / 1000) * 4;
  blocking += Math.max(0, simulated - 50);
  console.log(
    `${ms(task.ts - navigation.ts).padStart(8)} ms  ${ms(task.dur).padStart(6)} ms (×4: ${simulated.toFixed(0)})  ${top}${urls.length ? `  [${urls.slice(0, 3).join(' ')}]` : ''}`,
  );
}
console.log(
  `blocking time of these tasks at 4×, from navigation on: ${blocking.toFixed(0)} ms (Lighthouse counts only what falls after its simulated first paint)`,
);
