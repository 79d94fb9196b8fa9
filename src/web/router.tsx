import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { INITIAL_AUTH_STATE } from './lib/auth';
import { importWithTimeout } from './lib/chunkErrors';
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
