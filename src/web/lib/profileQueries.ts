import type { QueryClient } from '@tanstack/react-query';

/** The score, the checklist and the public profile change with every save. */
export function refreshProfileQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' &&
      (queryKey[0].includes('/profile-completion/') || queryKey[0].startsWith('/account/public/freelancer/')),
  });
}
