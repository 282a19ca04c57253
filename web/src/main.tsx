import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startSignedIn, startSignedOut, startSignInStep } from './app/App';
import { fetchPageCode, preloadPage } from './app/router';
import { preloadAccountMenu } from './components/HeaderTools';
import {
  initI18n,
  initI18nWith,
  localeOfLanguage,
  pickLocale,
  STARTUP_NAMESPACES,
} from './i18n/i18n';
import { rememberedLanguage, takeHandedOverChoice, visitLocale } from './i18n/remember';
import { loadConfig, setConfig } from './lib/config';
import { startErrorReporting } from './lib/error-reporting';
import { markHydrated, startHydrating } from './lib/hydration';
import { holdJourneyLanguage, storedLanguage } from './lib/session';
import { yieldToBrowser } from './lib/yield';
import { Page } from './page';
import { readPageData } from './page-data';
import './styles.css';

/**
 * A page the gateway drew (docs/decisions/0005-server-rendered-entry-pages.md):
 * the same config, language and texts as the server, then `hydrateRoot`
 * takes over the HTML that is already on screen (and what was typed in it).
 */
async function hydrate(root: HTMLElement, data: NonNullable<ReturnType<typeof readPageData>>) {
  // Each step its own task (the modules' evaluation is one already): none holds the page long.
  await yieldToBrowser();
  setConfig(data.config);
  // Error reporting: its SDK loads only when the operator configured a DSN.
  startErrorReporting(data.config);
  if (!data.config.maintenance) {
    if (data.user) startSignedIn(data.user);
    else startSignedOut();
    startSignInStep(data);
    // The consent, drawn in its journey's language: the account's does not take over here.
    if (data.consent) holdJourneyLanguage();
    await yieldToBrowser();
    await initI18nWith(data.locale, data.texts);
    await yieldToBrowser();
    await Promise.all([
      preloadPage(window.location.pathname),
      data.user ? preloadAccountMenu() : null,
    ]).catch(() => undefined);
  }
  await yieldToBrowser();
  // Through the CSSOM, which the CSP allows (see entry-server.tsx).
  for (const element of root.querySelectorAll<HTMLElement>('[data-ssr-style]')) {
    element.style.cssText = element.dataset.ssrStyle ?? '';
  }
  // What was typed or chosen on the drawn page meanwhile is what its fields start from.
  startHydrating();
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page: a tap or a key
  // press on a slow phone is answered while it runs. Until then the page is
  // plain HTML: its forms post to the gateway, its links are links.
  startTransition(() => {
    hydrateRoot(root, <Page config={data.config} />);
  });
}

/** Every other page (signed in, or an address the server does not draw): rendered here. */
async function start(root: HTMLElement) {
  // Drawn here (a drawn page with a token in its hash too): nothing to take over.
  markHydrated();
  const { pathname } = window.location;
  // The page's code loads while the config and texts do.
  fetchPageCode(pathname);
  const result = await loadConfig();
  if (result.kind !== 'ok') {
    // Maintenance (or no gateway at all): the trilingual screen, nothing else.
    const { default: MaintenanceScreen } = await import('./features/maintenance/MaintenanceScreen');
    createRoot(root).render(
      <main id="main" className="main">
        <MaintenanceScreen />
      </main>,
    );
    return;
  }
  const { config } = result;
  // Error reporting: its SDK loads only when the operator configured a DSN.
  startErrorReporting(config);
  // docs/product.md part 4, root on load: a signed-in user (their stored copy) gets their own
  // language, or the variant's default when it is not offered; a visitor the browser's.
  // A language picked during this visit comes first (docs/journeys-signin.md).
  const language = storedLanguage();
  const locale =
    visitLocale(config.languages) ??
    (language
      ? (localeOfLanguage(language, config.languages) ?? config.defaultLanguage)
      : pickLocale(
          config.languages,
          config.fallbackLanguage,
          navigator.languages,
          rememberedLanguage(),
        ));
  await initI18n(locale, STARTUP_NAMESPACES);
  // The first render waits for the page's code and texts: React shows a screen
  // that arrives after its loading indicator only 300 ms after the indicator.
  await preloadPage(pathname).catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A `?lang=` choice the gateway handed over belongs to this visit (docs/journeys-signin.md).
takeHandedOverChoice();
// index.html's own element.
const root = document.getElementById('root') as HTMLElement;
const data = readPageData();
// docs/product.md part 4, token in address hash: the server never sees the hash, so that page is drawn here.
if (data && !/(^#|&)token=/.test(window.location.hash)) void hydrate(root, data);
else void start(root);
