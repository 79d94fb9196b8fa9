import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { INITIAL_AUTH_STATE, type AuthState } from './lib/auth';
import { importWithTimeout } from './lib/chunkErrors';
import { readsSession } from './lib/guards';
import type { RouterContext } from './lib/routerContext';
import { installHashScroll } from './lib/scroll';
import { ROUTER_DEFAULTS } from './routerDefaults';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

const LAZY_COMPONENT_KINDS = ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent'] as const;

/**
 * Code-split route components load through `preload()`; give each a timeout (spec §9), so a
 * chunk that never arrives fails like a missing one and takes the chunk-error path.
 */
function applyChunkLoadTimeout(routes: Record<string, AnyRoute>): void {
  for (const route of Object.values(routes)) {
    for (const kind of LAZY_COMPONENT_KINDS) {
      const component = route.options[kind] as { preload?: () => Promise<void> } | undefined;
      const preload = component?.preload;
      if (preload) component.preload = () => importWithTimeout(preload, `${route.id}:${kind}`);
    }
  }
}

/**
 * Public pages render before the startup session check answers, as for a visitor. A route whose
 * guard decides by who is signed in (`readsSession`) waits for that answer, runs its guard with
 * it, and hands it to the routes below it.
 */
function waitForSessionWhereGuarded(routes: Record<string, AnyRoute>): void {
  for (const route of Object.values(routes)) {
    const guard = route.options.beforeLoad as ((input: { context: RouterContext }) => unknown) | undefined;
    if (!guard || !readsSession(guard)) continue;
    route.options.beforeLoad = async (input: { context: RouterContext }) => {
      const auth: AuthState = input.context.auth.isLoading ? await input.context.sessionChecked() : input.context.auth;
      guard({ ...input, context: { ...input.context, auth } });
      return { auth };
    };
  }
}

/** Until the app provides it: a session check that has not answered yet never answers. */
const NO_SESSION_CHECK: RouterContext['sessionChecked'] = () => new Promise<AuthState>(() => undefined);

/**
 * The router puts each page it renders at the top, or where back and forward left it. A page the
 * server drew (`drawn`) is on screen before the app, and the visitor may have scrolled it: the
 * render that takes it over leaves it where it is (a jump then would move what they were reading,
 * and send a click aimed at a button to whatever took its place).
 */
function scrollRestorationFor(drawn: boolean): boolean | (() => boolean) {
  if (!drawn) return true;
  let takenOver = false;
  return () => {
    const restore = takenOver;
    takenOver = true;
    return restore;
  };
}

export function createAppRouter(
  queryClient: QueryClient,
  {
    history,
    auth = INITIAL_AUTH_STATE,
    drawn = false,
  }: {
    history?: RouterHistory;
    auth?: AuthState;
    /** The page on screen was drawn by the server. */ drawn?: boolean;
  } = {},
) {
  const router = createRouter({
    routeTree,
    // Tests pass a memory history; the app uses the browser's.
    ...(history ? { history } : {}),
    context: { queryClient, auth, sessionChecked: NO_SESSION_CHECK },
    ...ROUTER_DEFAULTS,
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: scrollRestorationFor(drawn),
    // Hash targets are scrolled by installHashScroll, which honours a clearance.
    defaultHashScrollIntoView: false,
  });
  applyChunkLoadTimeout(router.routesById as unknown as Record<string, AnyRoute>);
  waitForSessionWhereGuarded(router.routesById as unknown as Record<string, AnyRoute>);
  installHashScroll(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
