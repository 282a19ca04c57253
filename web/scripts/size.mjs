#!/usr/bin/env node
// `pnpm --filter @portal/web size`: builds the app and prints the JavaScript
// that /login/email loads before anyone can interact with it, gzipped: the
// entry script of index.html with everything it imports, the texts loaded at
// start-up (common and signin of the largest language) and the sign-in screen
// with its imports. Fails above the budget (120 KB).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET = 120 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(join(tmpdir(), 'portal-web-size-'));

/** What /login/email loads on demand before it is interactive (see `src/main.tsx`, `router.tsx`). */
const SCREEN = 'src/features/auth/LoginScreen.tsx';
const STARTUP_TEXTS = ['common', 'signin'];
const LANGUAGES = ['en', 'fr', 'nl', 'de'];

try {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

  /** A manifest entry's chunk and every chunk it imports statically. */
  function closure(key, seen = new Set()) {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the build (renamed? update scripts/size.mjs)`);
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of entry.imports ?? []) closure(dep, seen);
    return seen;
  }

  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const counted = new Map();
  const count = (keys, why) => {
    for (const key of keys) {
      const file = manifest[key].file;
      if (!counted.has(file)) counted.set(file, { why, bytes: gz(file) });
    }
  };
  count(closure(entry), 'entry (index.html)');
  const dynamic = new Set([...closure(entry)].flatMap((k) => manifest[k].dynamicImports ?? []));
  // The start-up texts of the language whose texts weigh most.
  const texts = LANGUAGES.map((lang) => {
    const keys = STARTUP_TEXTS.map((ns) => `src/i18n/locales/${lang}/${ns}.ts`);
    const bytes = keys.reduce((sum, k) => sum + gz(manifest[k].file), 0);
    return { lang, keys, bytes };
  }).sort((a, b) => b.bytes - a.bytes)[0];
  for (const key of [...texts.keys, SCREEN]) {
    if (!dynamic.has(key)) throw new Error(`${key} is not loaded on demand by the entry`);
  }
  count(
    texts.keys.flatMap((k) => [...closure(k)]),
    `texts (${texts.lang})`,
  );
  count(closure(SCREEN), 'sign-in screen');

  const rows = [...counted].sort((a, b) => b[1].bytes - a[1].bytes);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const [file, { why, bytes }] of rows) {
    console.log(`${kb(bytes).padStart(9)}  ${file}  (${why})`);
  }
  const total = rows.reduce((sum, [, r]) => sum + r.bytes, 0);
  const css = Object.values(manifest)
    .flatMap((e) => (e.isEntry ? (e.css ?? []) : []))
    .reduce((sum, f) => sum + gz(f), 0);
  console.log(
    `\n/login/email initial JavaScript: ${kb(total)} gzipped, ${total} bytes (budget ${kb(BUDGET)}, ${BUDGET} bytes)`,
  );
  console.log(`/login/email initial CSS: ${kb(css)} gzipped`);
  if (total > BUDGET) {
    console.error('Over budget.');
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
