import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '../api/generated/auth/auth';
import { useAuth } from './auth';
import { PATHS } from './paths';

/**
 * Signs out (spec §4, §8): asks the server, ignores a failure, goes home, then forgets the
 * session here and in the other tabs. Home comes first: were the session dropped on a signed-in
 * page, that page's guard would send the user to log in instead.
 */
export function useSignOut() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await logout();
    } catch {
      // Spec §8: a failed logout is ignored; the session is forgotten here regardless.
    }
    await navigate({ to: PATHS.home });
    auth.signedOut();
    setSigningOut(false);
  }, [auth, navigate]);

  return { signOut, signingOut };
}
