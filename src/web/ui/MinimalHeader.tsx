import { useAuth } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { useSignOut } from '../lib/useSignOut';
import { BrandLink } from './Logo';

/**
 * The logo-only header of auth and onboarding screens (spec §2): dashboard when signed in,
 * else home. A signed-in user part-way through onboarding can still sign out from here.
 */
export function MinimalHeader() {
  const { isAuthenticated } = useAuth();
  const { signOut, signingOut } = useSignOut();
  return (
    <header className="site-header site-header--minimal">
      <div className="container site-header__bar">
        <BrandLink to={isAuthenticated ? PATHS.dashboard : PATHS.home} />
        {isAuthenticated && (
          <button
            type="button"
            className="nav-link site-header__sign-out"
            onClick={() => void signOut()}
            disabled={signingOut}
          >
            Sign out
          </button>
        )}
      </div>
    </header>
  );
}
