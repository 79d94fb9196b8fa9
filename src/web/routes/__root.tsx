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
});
