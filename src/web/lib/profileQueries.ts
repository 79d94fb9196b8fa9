import type { QueryClient } from '@tanstack/react-query';

/** Reads of the signed-in account's own sections: what its settings and profile pages start from. */
const OWN_SECTIONS = ['/account/client/settings/', '/account/freelancer/settings/', '/account/business/profile/'];

/** The score, the checklist, the public profile and the account's own sections change with every save. */
export function refreshProfileQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' &&
      (queryKey[0].includes('/profile-completion/') ||
        queryKey[0].startsWith('/account/public/freelancer/') ||
        queryKey[0].startsWith('/account/public/business/') ||
        OWN_SECTIONS.includes(queryKey[0])),
  });
}
