import { createRootRouteWithContext } from '@tanstack/react-router';
import { tokenGuard } from '../lib/guards';
import type { RouterContext } from '../lib/router';
import { AppShell } from '../ui/AppShell';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: tokenGuard,
  component: AppShell,
});
