/**
 * Renders the whole web app (real route tree, guards, auth state) at a path, with a memory
 * history: for tests of pages and of where the guards send people. The API answers from MSW
 * (pick the signed-in user with `useScenario` before rendering).
 */
import { StrictMode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '../App';
import { AuthProvider } from '../lib/auth';
import { QUERY_STALE_TIME_MS } from '../lib/queryClient';
import { createAppRouter } from '../router';

export function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  // The router scrolls after each navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const queryClient = new QueryClient({
    // Fresh as long as the app's: what a route's loader read is not asked again when its page mounts.
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: QUERY_STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  const app = (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <App router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  /** Where the app is now: path and query. */
  const location = () => `${router.state.location.pathname}${router.state.location.searchStr}`;
  return { ...result, router, queryClient, location };
}
