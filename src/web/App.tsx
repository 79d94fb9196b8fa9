import { useEffect, useMemo, useRef } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { useAuth, type AuthState } from './lib/auth';
import type { AppRouter } from './router';
import { LoadingScreen } from './ui/LoadingScreen';

/**
 * Hands the auth state to the router as context, and re-runs the current route's guards and
 * loaders (router.invalidate) whenever who is signed in changes: here, or in another tab.
 */
export function App({ router }: { router: AppRouter }) {
  const { isAuthenticated, user, isLoading } = useAuth();
  const auth = useMemo<AuthState>(() => ({ isAuthenticated, user, isLoading }), [isAuthenticated, user, isLoading]);

  const routedUser = useRef<AuthState['user'] | undefined>(undefined);
  useEffect(() => {
    if (isLoading) return;
    // The first settled state is what the router starts with; later changes re-run the guards.
    if (routedUser.current !== undefined && routedUser.current !== user) void router.invalidate();
    routedUser.current = user;
  }, [isLoading, user, router]);

  // Guards read the session, so no route loads before the first check has answered.
  if (isLoading) return <LoadingScreen />;
  return <RouterProvider router={router} context={{ auth }} />;
}
