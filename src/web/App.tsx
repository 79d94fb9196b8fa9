import { useEffect, useMemo, useRef, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { useAuth, type AuthState } from './lib/auth';
import type { RouterContext } from './lib/routerContext';
import type { AppRouter } from './router';

/** A promise with its resolve function, for the first answer of the session check. */
function sessionGate() {
  let resolve: (auth: AuthState) => void = () => undefined;
  const promise = new Promise<AuthState>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Hands the auth state to the router as context, and re-runs the current route's guards and
 * loaders (router.invalidate) whenever who is signed in changes: here, or in another tab.
 *
 * The pages render at once: public ones as for a visitor while the first session check runs; a
 * route whose guard reads the session waits for its answer (`sessionChecked`, see router.tsx).
 */
export function App({ router }: { router: AppRouter }) {
  const { isAuthenticated, user, isLoading } = useAuth();
  const auth = useMemo<AuthState>(() => ({ isAuthenticated, user, isLoading }), [isAuthenticated, user, isLoading]);
  const [gate] = useState(sessionGate);
  const context = useMemo<Partial<RouterContext>>(() => ({ auth, sessionChecked: () => gate.promise }), [auth, gate]);

  // The router starts as for a visitor; the routes that read the session wait for its answer.
  const routedUser = useRef<AuthState['user']>(null);
  useEffect(() => {
    if (isLoading) return;
    gate.resolve(auth);
    if (routedUser.current !== user) void router.invalidate();
    routedUser.current = user;
  }, [isLoading, user, auth, gate, router]);

  return <RouterProvider router={router} context={context} />;
}
