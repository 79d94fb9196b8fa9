import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth, type AuthUser } from '@/lib/auth';

/**
 * Signs the user in here and then goes to `href`. The navigation waits for the next render:
 * the router's guards read the auth state from the router context, which takes the new user
 * only when the app re-renders; navigating at once would meet the guards of a visitor.
 */
export function useAfterSignIn() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [destination, setDestination] = useState<string | null>(null);

  useEffect(() => {
    if (!destination || !auth.isAuthenticated) return;
    setDestination(null);
    void navigate({ href: destination, replace: true });
  }, [destination, auth.isAuthenticated, navigate]);

  return (user: AuthUser, href: string) => {
    auth.signedIn(user);
    setDestination(href);
  };
}
