import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * For tests: a built web app in a new temporary folder (`WEB_DIST`) whose
 * server bundle is `bundle`, the lines of a stand-in `entry-server.mjs` as
 * the web build makes it (its page lists, `localeFor`, `render`,
 * `renderSignedIn`), so that a test sees what the gateway draws a page with.
 * Without `bundle`, the app's shell only: no page is drawn, and a test sees
 * what the gateway answers a navigation with (a redirect, or the app).
 */
export function standInBuild(name: string, bundle?: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Account</title></head><body><div id="root"></div></body></html>',
  );
  if (bundle) {
    mkdirSync(join(root, 'ssr'));
    writeFileSync(join(root, 'ssr', 'entry-server.mjs'), bundle.join('\n'));
  }
  return root;
}
