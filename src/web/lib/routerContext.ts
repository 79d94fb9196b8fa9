import type { QueryClient } from '@tanstack/react-query';
import type { AuthState } from './auth';

/** What every route's `beforeLoad` and `loader` receive (guards read `auth`). */
export interface RouterContext {
  queryClient: QueryClient;
  /** Who is signed in; `isLoading` until the startup session check answers (public pages do not wait). */
  auth: AuthState;
  /** Resolves with the auth state once the startup session check has answered. */
  sessionChecked: () => Promise<AuthState>;
}

/** Which header a screen uses: the full site navigation, or the logo-only one (auth, onboarding). */
export type PageLayout = 'site' | 'minimal';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Set on a route (or a parent layout route) to pick its header; the deepest one wins. */
    layout?: PageLayout;
  }
}
