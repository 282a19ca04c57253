import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { preloadPage } from '../app/router';
import { initI18n } from '../i18n/i18n';
import { ALL_NAMESPACES } from '../i18n/namespaces';
import { loadConfig, maybeConfig } from '../lib/config';
import { tsr } from '../lib/tsr';

/** Renders one screen at `path` with the app's providers and English texts. */
export async function renderScreen(path: string, routes: { path: string; element: ReactNode }[]) {
  await initI18n('en', ALL_NAMESPACES);
  // The variant's config, from the real stack when the test runs one (BE on 127.0.0.1).
  if (!maybeConfig()) await loadConfig();
  // As the app does before its first render: the page's code (the phone field of a phone page).
  await preloadPage(path.split('?')[0] ?? path).catch(() => undefined);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Awaited: a part that loads on demand (a screen, the phone field) may suspend
  // in this first render, and React finishes it only inside an awaited act.
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>
          <RouterProvider router={router} />
        </tsr.ReactQueryProvider>
      </QueryClientProvider>,
    );
  });
  return { ...view, router };
}

/** A phone number as the app shows it: its groups held together by no-break spaces. */
export const grouped = (number: string) => number.replaceAll(' ', '\u00a0');
