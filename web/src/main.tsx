import { type Locale, PortalConfig } from '@portal/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n, pickLocale } from './i18n/i18n';
import './styles.css';

const LANGUAGE_KEY = 'language';

async function start() {
  const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
  const config = PortalConfig.parse(await res.json());
  const locale: Locale = pickLocale(
    config.languages,
    config.fallbackLanguage,
    navigator.languages,
    localStorage.getItem(LANGUAGE_KEY),
  );
  await initI18n(locale);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
