import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { tsr } from '../lib/api';
import { setMaintenance, useMaintenance } from '../lib/maintenance';
import { useFollowUserLanguage } from '../lib/session';
import { appRoutes } from './router';
import { href } from './routes';

/** A call answered 503 `maintenance` (ts-rest's hooks throw non-2xx answers). */
const onApiError = (error: unknown) => {
  // The error module loads with the first failure, not with the first page (bundle budget).
  void import('../lib/errors').then(({ errorOf }) => {
    if (errorOf(error).kind === 'maintenance') setMaintenance(true);
  });
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

function Routes() {
  const element = useRoutes(appRoutes);
  useFollowUserLanguage();
  const down = useMaintenance();
  const location = useLocation();
  const navigate = useNavigate();
  // Spec part 8: a 503 `maintenance` from any call shows the maintenance screen.
  useEffect(() => {
    if (down && location.pathname !== href('maintenance')) {
      navigate(href('maintenance'), { replace: true });
    }
  }, [down, location.pathname, navigate]);
  return element;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>
        <BrowserRouter>
          <Routes />
        </BrowserRouter>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
}
