import { LoadingBar } from './ui/LoadingBar';
import { NotFoundPage } from './ui/ErrorPage';
import { RouteErrorPage } from './ui/RouteErrorPage';

/** How every router of the app behaves (the app's, and the ones component tests build). */
export const ROUTER_DEFAULTS = {
  // Every path of the spec ends with a slash.
  trailingSlash: 'always',
  defaultPendingComponent: LoadingBar,
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteErrorPage,
  // A page reads only what its route's `validateSearch` returns: by default the router spreads
  // the raw search under the validated one, so a value the check drops would still get through.
  search: { strict: true },
} as const;
