import { createRootRouteWithContext } from '@tanstack/react-router';
import { SiteSearch } from '../features/search/SiteSearch';
import { tokenGuard } from '../lib/guards';
import type { RouterContext } from '../lib/routerContext';
import { AppShell } from '../ui/AppShell';

/** The page frame, with the site search in its header. */
function RootLayout() {
  return <AppShell search={<SiteSearch />} />;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: tokenGuard,
  component: RootLayout,
  // The router wraps the root in a Suspense boundary in the browser but not on the server; asked
  // for on both, a drawn page's markup and the app's first render have the same structure, so
  // the app takes the markup over (hydrates it) instead of drawing the page again.
  wrapInSuspense: true,
});
