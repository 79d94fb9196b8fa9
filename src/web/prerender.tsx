/**
 * The first screen of a public page as a visitor sees it, rendered to HTML on the server (built by
 * `vite build --ssr` into dist/ssr/, called by the server's web-app plugin), so the browser paints
 * it before the app's JavaScript has arrived and run. The app then renders over it (main.tsx).
 *
 * The server hands in `answer`: it answers the calls whose answers change only when the server
 * starts (the catalogue), and leaves every other call unanswered, so a page never carries data
 * that could be stale: those parts show their loading state until the app has asked for them.
 * Each render's calls go to its own `answer`, so renders may overlap.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { getGetMeUrl } from './api/generated/auth/auth';
import { API_ROOT, setApiTransport } from './api/mutator';
import { App } from './App';
import { AuthProvider, VISITOR_AUTH_STATE } from './lib/auth';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';

export interface PrerenderedPage {
  /** The document's title, as the page sets it. */
  title: string | undefined;
  /** The markup of the app's root element. */
  body: string;
  /** The answers the page was rendered with, for the app's query cache. */
  state: DehydratedState;
  /**
   * Whether every call the page made was answered, but the session check (a drawn page is a
   * visitor's, whatever it answers): then the app's first render, from the same answers, draws
   * what the server drew, and takes the markup over as it is (main.tsx).
   */
  complete: boolean;
}

/**
 * A page names its title with DocumentTitle, drawn here as a `<title>` where the component is;
 * the document's head takes it.
 */
const TITLE = /<title>([\s\S]*?)<\/title>/;

/** Settles after `ms`, unless `work` settles first. */
function within<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const nextTask = () => new Promise<void>((done) => setTimeout(done, 0));

/**
 * Answers a call from `answer`, or never when it has none, and keeps count: the page is rendered
 * once every answered call has reached the query cache.
 */
function trackedTransport(answer: Answerer) {
  const answered: Promise<unknown>[] = [];
  let unanswered = 0;
  // Unanswered calls whose answer could change what the page shows (all but the session check).
  let unansweredShown = 0;
  const send: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = answer(url, init?.method ?? 'GET');
    if (!response) {
      unanswered += 1;
      if (new URL(url).pathname !== `${API_ROOT}${getGetMeUrl()}`) unansweredShown += 1;
      return new Promise<Response>(() => undefined);
    }
    answered.push(response.catch(() => undefined));
    return response;
  };
  /** Resolves when the answered calls are in the cache: only the unanswered ones still fetch. */
  const settled = async (queryClient: QueryClient): Promise<void> => {
    for (let seen = -1; seen !== answered.length;) {
      seen = answered.length;
      await Promise.all(answered);
    }
    while (queryClient.isFetching() > unanswered) await nextTask();
  };
  return { send, settled, complete: () => unansweredShown === 0 };
}

/** The answer to a GET the page makes (`url` is absolute), or undefined to leave it unanswered. */
export type Answerer = (url: string, method: string) => Promise<Response> | undefined;

/**
 * The transport of the render a call belongs to: the app's calls go through one module setting,
 * and each render runs in its own asynchronous context, so overlapping renders never answer each
 * other's calls.
 */
const renderTransport = new AsyncLocalStorage<typeof fetch>();
setApiTransport((input, init) => {
  const send = renderTransport.getStore();
  return send ? send(input, init) : Promise.reject(new Error('A call made outside a page render.'));
});

/**
 * The page at `url` as a visitor's browser would first show it, or null when it cannot be shown
 * that way: its route waits for a call left unanswered, fails, redirects or is not found.
 */
export async function renderPage(
  url: string,
  answer: Answerer,
  { timeoutMs = 2_000 }: { timeoutMs?: number } = {},
): Promise<PrerenderedPage | null> {
  const transport = trackedTransport(answer);
  return renderTransport.run(transport.send, () => render(url, transport, timeoutMs));
}

async function render(
  url: string,
  transport: ReturnType<typeof trackedTransport>,
  timeoutMs: number,
): Promise<PrerenderedPage | null> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [url] }),
    auth: VISITOR_AUTH_STATE,
  });
  // The app restores the scroll position itself; on the server the router would write an inline
  // script for it, which the content security policy refuses.
  router.update({ ...router.options, scrollRestoration: false });
  try {
    const loaded = router.load().then(() => transport.settled(queryClient));
    if ((await within(loaded, timeoutMs)) === 'late') return null;
    const { matches, location } = router.state;
    // Redirected (the location moved), not found (nothing below the root matched) or failed.
    const moved = location.pathname !== new URL(url, 'http://page').pathname;
    if (moved || matches.length < 2 || matches.some((match) => match.status !== 'success')) return null;
    // In the browser the router puts its matches in a Suspense boundary that it leaves out on the
    // server: drawn here around the app (which adds no element before them), the markup has the
    // structure of the app's first render, which takes it over as it is (hydrates it, main.tsx).
    const draw = () =>
      renderToString(
        <QueryClientProvider client={queryClient}>
          <AuthProvider visitor>
            <Suspense fallback={null}>
              <App router={router} />
            </Suspense>
          </AuthProvider>
        </QueryClientProvider>,
      );
    let html = draw();
    // A component's own calls are not made while drawing on the server: make them, and draw again
    // with the ones answered (the unanswered ones keep showing their loading state).
    const asked = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' });
    if (asked.length) {
      for (const { queryKey, options } of asked) void queryClient.prefetchQuery({ ...options, queryKey });
      if ((await within(transport.settled(queryClient), timeoutMs)) === 'late') return null;
      html = draw();
    }
    const title = TITLE.exec(html);
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
    return { title: title?.[1], body: html.replace(TITLE, ''), state, complete: transport.complete() };
  } finally {
    queryClient.clear();
  }
}
