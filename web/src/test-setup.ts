import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from './app/App';
import { setMaintenance } from './lib/maintenance';
import { setWeakLock } from './lib/weak-lock';

// Screens with dialogs load the widget library on first use: a cold import takes a moment,
// and on a loaded machine (the unit suites run side by side) several. A wait ends as soon
// as what it waits for is there: the limit is for a screen that never shows it.
configure({ asyncUtilTimeout: 10_000 });

// What the app loads on demand (screens, dialogs, the dashboard's cards, the texts of each
// language), loaded before a file's first test, once per worker: the files of a worker
// share their modules, and an import a file's screen started but that had not arrived when
// the file ended fails, and stays failed, for every later file of the worker (Vitest's
// "Cannot load … after the environment was torn down": the dashboard's passkey offer
// under load). The app's entry points, which start an app, are not among them.
const onDemand = import.meta.glob([
  './{app,components,features,lib}/**/*.{ts,tsx}',
  './i18n/locales/**/*.ts',
  '!**/*.test.{ts,tsx}',
]);
await Promise.all(Object.values(onDemand).map((load) => load()));

afterEach(() => cleanup());

// jsdom lays nothing out and has no scrolling: what scrolls a control into view (the
// toasts keep the focused one clear of them) has nothing to do here. (The server's
// render is tested without a DOM: `entry-server.test.tsx`.)
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView)
  Element.prototype.scrollIntoView = () => undefined;

// The files of a worker share one jsdom (`isolate: false` in vite.config.ts: each file
// importing the app's modules again cost a minute of the suite). Each file starts on a
// blank page all the same: no element, storage or cookie of the file before, and the
// app's page-long state (the browser's query cache, maintenance, the weak-password
// lock) as a page load leaves it.
queryClient.clear();
setMaintenance(false);
setWeakLock(false);
// The platform's fetch, as the worker's first file found it: a file's stack and sign-ins
// wrap it, and a wrapper an earlier file left in place would send this file's calls
// through that file's stack and cookies (a consent of the file before, drawn here).
const worker = globalThis as { platformFetch?: typeof fetch };
worker.platformFetch ??= globalThis.fetch;
globalThis.fetch = worker.platformFetch;
if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app's lang cookies are these.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  history.replaceState(null, '', '/');
}
