import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
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
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // The sign-in screen is what a first visit shows: its code loads while the config does.
  if (window.location.pathname.startsWith('/login/')) {
    void import('./features/auth/LoginScreen');
  }
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
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
