import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { AuthProvider } from './lib/auth';
import { installChunkErrorReload } from './lib/chunkErrors';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';
import './ui/styles/index.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/**
 * No route loads before the session check answers (App), so the page's code starts downloading
 * now, beside that call. A chunk that fails here fails again, and is handled, when the route loads.
 */
function preloadPageChunks(): void {
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined);
}

/** `?scenario=NAME` in development serves the API from MSW handlers in the browser. */
async function startMocksIfAsked(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const scenario = new URLSearchParams(window.location.search).get('scenario');
  if (!scenario) return;
  const { startMockWorker } = await import('../../mocks/browser');
  await startMockWorker(scenario);
}

async function bootstrap(): Promise<void> {
  installChunkErrorReload();
  preloadPageChunks();
  await startMocksIfAsked();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <App router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void bootstrap();
