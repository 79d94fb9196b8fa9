import { useEffect, useState } from 'react';
import { useAuth, type AuthUser } from '@/lib/auth';

/**
 * Signs the user in here and then calls `go` (a navigation the caller builds, typed against
 * the route tree). The navigation waits for the next render: the router's guards read the auth
 * state from the router context, which takes the new user only when the app re-renders;
 * navigating at once would meet the guards of a visitor.
 */
export function useAfterSignIn() {
  const auth = useAuth();
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!pending || !auth.isAuthenticated) return;
    setPending(null);
    pending();
  }, [pending, auth.isAuthenticated]);

  return (user: AuthUser, go: () => void) => {
    auth.signedIn(user);
    setPending(() => go);
  };
}
