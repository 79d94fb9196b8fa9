import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { AuthProvider, VISITOR_AUTH_STATE } from './lib/auth';
import { installChunkErrorReload } from './lib/chunkErrors';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';
import './ui/styles/index.css';

const queryClient = createQueryClient();
// A page the server drew was drawn for a browser without a session: a visitor's, with these
// answers; its boot file (boot.ts) has held the visitor's input since it was painted.
const handover = window.marketplaceHandover;
const prerendered = handover?.state ?? null;
if (prerendered) {
  // Answers that change only when the server starts: as fresh as one fetched now.
  for (const query of prerendered.queries) query.state.dataUpdatedAt = Date.now();
  hydrate(queryClient, prerendered);
}
const router = createAppRouter(queryClient, prerendered ? { auth: VISITOR_AUTH_STATE } : {});

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
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider visitor={prerendered !== null}>
          <App router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (!handover) {
    createRoot(container).render(app);
    return;
  }
  // The server's markup stays until the app can draw the same page at once: its route's code
  // loaded and its loaders run. Its first render then replaces that markup in one commit; the
  // clicks, typing and focus of the meantime carry over.
  await router.load().catch(() => undefined);
  const finishHandover = handover.takeOver();
  const root = createRoot(container);
  flushSync(() => root.render(app));
  finishHandover();
}

void bootstrap();
