import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { AuthProvider, VISITOR_AUTH_STATE } from './lib/auth';
import { installChunkErrorReload } from './lib/chunkErrors';
import type { Handover } from './lib/prerendered';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter, type AppRouter } from './router';
import './ui/styles/index.css';

const queryClient = createQueryClient();
// A page the server drew was drawn for a browser without a session: a visitor's, with these
// answers; its boot file (boot.ts) has held the visitor's input since it was painted.
const handover = window.marketplaceHandover;
const prerendered = handover?.state ?? null;
if (prerendered) {
  // Answered as the page was drawn: for this visitor just now, or (the catalogue) as they stay
  // until the server restarts. As fresh as answers fetched now.
  for (const query of prerendered.queries) query.state.dataUpdatedAt = Date.now();
  hydrate(queryClient, prerendered);
}

/**
 * Ends the current task and resumes in a new one, so the browser can handle input and paint in
 * between: the boot runs as several short tasks rather than one long one.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((done) => setTimeout(done, 0));
}

/**
 * No route loads before the session check answers (App), so the page's code starts downloading
 * now, beside that call. A chunk that fails here fails again, and is handled, when the route loads.
 */
function preloadPageChunks(router: AppRouter): void {
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

/**
 * The handover of a drawn page (lib/prerendered.ts), around the app: once the app's page is in
 * place (its layout effects run after the page's), the typing, then the held clicks once the
 * page's own effects have run and their updates are drawn (a menu that closes on mount would
 * otherwise close the menu the click opened). It adds no element and no sibling to the app, so
 * the app's tree, and the ids React gives its fields (`useId`), are the ones the server drew.
 */
function HandoverDone({ handover, children }: { handover: Handover; children: ReactNode }) {
  useLayoutEffect(() => {
    // The clicks in a task after the typing's: the updates the typing and the page's effects made
    // are drawn by then, so a click on Search submits what was typed.
    void handover.restoreTyping().then(() => setTimeout(() => handover.replayClicks(), 0));
  }, [handover]);
  return children;
}

async function bootstrap(): Promise<void> {
  installChunkErrorReload();
  // Evaluating the app's modules was one task; building the router (its route tree) is the next,
  // and starting the page's loaders the one after.
  await nextTask();
  const router = createAppRouter(queryClient, prerendered ? { auth: VISITOR_AUTH_STATE, drawn: true } : {});
  await nextTask();
  preloadPageChunks(router);
  await startMocksIfAsked();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider visitor={prerendered !== null}>
          {handover ? (
            <HandoverDone handover={handover}>
              <App router={router} />
            </HandoverDone>
          ) : (
            <App router={router} />
          )}
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (!handover) {
    createRoot(container).render(app);
    return;
  }
  // The server's markup stays until the app can draw the same page at once: its route's code
  // loaded and its loaders run. A page drawn with every call answered (`data-complete`) is then
  // taken over as it is (hydrated) in the background, yielding to the browser between pieces of
  // work (a transition): its elements stay, with what the visitor typed and focused there; the
  // clicks and typing of the meantime carry over (HandoverDone).
  await router.load().catch(() => undefined);
  // A page drawn with a call left unanswered shows that part loading, where the app, whose answer
  // may have come, would draw it otherwise; React would draw that part again after taking the rest
  // over, and a click or typing there meanwhile would be lost. The app draws the whole page and
  // replaces the markup in one commit instead, as before.
  if (!container.hasAttribute('data-complete')) {
    const root = createRoot(container);
    startTransition(() => root.render(app));
    return;
  }
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: reportRedrawnPart });
  });
}

/** A part of a drawn page React drew again (a difference in time, say): development says so. */
function reportRedrawnPart(error: unknown): void {
  if (import.meta.env.DEV) console.warn('Part of the drawn page was drawn again:', error);
}

void bootstrap();
