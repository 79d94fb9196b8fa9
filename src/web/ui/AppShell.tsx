import { Suspense, type ReactNode } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useAuth } from '../lib/auth';
import type { PageLayout } from '../lib/routerContext';
import { LoadingBar } from './LoadingBar';
import { MinimalHeader } from './MinimalHeader';
import { MinimalFooter, SiteFooter } from './SiteFooter';
import { LiveMessages } from './lazySignedIn';
import { SiteHeader } from './SiteHeader';
import { ToastOutlet } from './ToastOutlet';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page frame: skip link, header, main landmark, footer. A route picks the logo-only header
 * with `staticData: { layout: 'minimal' }` (on itself or a parent layout route). `search` goes in the
 * site header (the root route passes the site search).
 */
export function AppShell({ search }: { search?: ReactNode }) {
  const layout = useMatches({
    select: (matches) => matches.reduce<PageLayout>((chosen, match) => match.staticData?.layout ?? chosen, 'site'),
  });
  const minimal = layout === 'minimal';
  const signedIn = useAuth().isAuthenticated;

  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      {minimal ? <MinimalHeader /> : <SiteHeader search={search} />}
      <main id={MAIN_CONTENT_ID} className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingBar />}>
          <Outlet />
        </Suspense>
      </main>
      {minimal ? <MinimalFooter /> : <SiteFooter />}
      <ToastOutlet />
      {signedIn && (
        // While signed in, one live stream per tab keeps the messages and the unread badge current.
        <Suspense fallback={null}>
          <LiveMessages />
        </Suspense>
      )}
    </div>
  );
}
