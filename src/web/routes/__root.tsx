import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../lib/router';
import { AppShell } from '../ui/AppShell';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
});
