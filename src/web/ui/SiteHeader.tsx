import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAuth } from '../lib/auth';
import { BrandLink } from './Logo';
import { NavMenu } from './NavMenu';
import { SignedInAccount } from './lazySignedIn';
import {
  AUTH_LINKS,
  BUSINESS_MENU,
  FIND_JOB,
  FIND_PROFESSIONALS,
  FIND_SERVICES_MENU,
  isVisibleFor,
} from './navigation';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * Login and Sign up. `pending` while the session check has not answered (or the signed-in
 * area is loading): they keep their place, unseen, so nothing shifts when the answer comes.
 */
function GuestLinks({ pending = false }: { pending?: boolean }) {
  return (
    <span className="site-nav__guest" data-pending={pending || undefined} aria-hidden={pending || undefined}>
      <Link to={AUTH_LINKS.login.to} className="nav-link" tabIndex={pending ? -1 : undefined}>
        {AUTH_LINKS.login.label}
      </Link>
      <Link
        to={AUTH_LINKS.signup.to}
        className="button button--primary button--small"
        tabIndex={pending ? -1 : undefined}
      >
        {AUTH_LINKS.signup.label}
      </Link>
    </span>
  );
}

/**
 * The site's top navigation (spec §2), role-aware: clients do not see Find Job. `search` is the
 * site search, passed in by the root route so ui/ never imports a feature.
 */
export function SiteHeader({ search }: { search?: ReactNode }) {
  const { isAuthenticated, user, isLoading } = useAuth();
  const accountType = user?.accountType ?? null;
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // A new page closes the narrow-screen menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const topLinks = [FIND_PROFESSIONALS, FIND_JOB].filter((item) => isVisibleFor(item, accountType));

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <BrandLink />
        {search}
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" data-open={menuOpen || undefined}>
          <ul className="site-nav__links">
            {topLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                  {item.label}
                </Link>
              </li>
            ))}
            <NavMenu group={FIND_SERVICES_MENU} />
            <NavMenu group={BUSINESS_MENU} />
          </ul>
          <div className="site-nav__account">
            {isAuthenticated && user ? (
              <Suspense fallback={<GuestLinks pending />}>
                <SignedInAccount user={user} />
              </Suspense>
            ) : (
              <GuestLinks pending={isLoading} />
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
