import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import { INITIAL_AUTH_STATE, type AuthState } from './auth';
import { importWithTimeout } from './chunkErrors';
import { installHashScroll } from './scroll';
import { ROUTER_DEFAULTS } from './routerDefaults';

/** What every route's `beforeLoad` and `loader` receive (guards read `auth`). */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthState;
}

/** Which header a screen uses: the full site navigation, or the logo-only one (auth, onboarding). */
export type PageLayout = 'site' | 'minimal';

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Set on a route (or a parent layout route) to pick its header; the deepest one wins. */
    layout?: PageLayout;
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

export function createAppRouter(queryClient: QueryClient, { history }: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    // Tests pass a memory history; the app uses the browser's.
    ...(history ? { history } : {}),
    context: { queryClient, auth: INITIAL_AUTH_STATE },
    ...ROUTER_DEFAULTS,
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Hash targets are scrolled by installHashScroll, which honours a clearance.
    defaultHashScrollIntoView: false,
  });
  applyChunkLoadTimeout(router.routesById as unknown as Record<string, AnyRoute>);
  installHashScroll(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
