import type { QueryClient } from '@tanstack/react-query';
import { RETRIED_LOADER_READ } from './loaderRead';

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

/**
 * How the settings and profile pages read the account's own sections (what a form starts from
 * once): read again on each visit, by their route's loader (staleTime 0: the loader always asks),
 * and not again when the page mounts right after it (refetchOnMount): the loader's answer is the
 * page's, and a call that failed there is shown, not asked twice.
 */
export const OWN_SECTION_READ = {
  query: { ...RETRIED_LOADER_READ.query, staleTime: 0, refetchOnMount: false },
} as const;
