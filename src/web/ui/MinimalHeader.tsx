import { useAuth } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { BrandLink } from './Logo';

/** The logo-only header of auth and onboarding screens (spec §2): dashboard when signed in, else home. */
export function MinimalHeader() {
  const { isAuthenticated } = useAuth();
  return (
    <header className="site-header site-header--minimal">
      <div className="container site-header__bar">
        <BrandLink to={isAuthenticated ? PATHS.dashboard : PATHS.home} />
      </div>
    </header>
  );
}
