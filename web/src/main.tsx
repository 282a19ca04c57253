import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/router';
import {
  initI18n,
  localeOfLanguage,
  pickLocale,
  rememberedLocale,
  STARTUP_NAMESPACES,
} from './i18n/i18n';
import { loadConfig } from './lib/config';
import { storedUser } from './lib/session';
import './styles.css';

async function start() {
  // index.html's own element.
  const root = document.getElementById('root') as HTMLElement;
  const { pathname } = window.location;
  const signIn = pathname.startsWith('/login/');
  // The sign-in screen is what a first visit shows: its code loads while the config does.
  if (signIn) void import('./features/auth/LoginScreen');
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
  // Spec part 4, root on load: a signed-in user (their stored copy) gets their own
  // language, or the variant's default when it is not offered; a visitor the browser's.
  const copy = storedUser();
  const locale = copy
    ? (localeOfLanguage(copy.language, config.languages) ?? config.defaultLanguage)
    : pickLocale(
        config.languages,
        config.fallbackLanguage,
        navigator.languages,
        rememberedLocale(),
      );
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

void start();
