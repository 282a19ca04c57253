// docs/decisions/0014-the-app-starts-after-the-first-paint.md
const entry = document.querySelector('meta[name="portal-entry"]')?.getAttribute('content');
if (entry?.startsWith('/assets/')) requestAnimationFrame(() => setTimeout(() => import(entry), 0));
