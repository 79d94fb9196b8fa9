import type { QueryClient } from '@tanstack/react-query';
import { getGetPublicServiceRequestQueryOptions } from '@/api/generated/requests/requests';
import { LOADER_READ } from '@/lib/loaderRead';

/** A job's public reference, as its addresses carry it. */
export const REF_ID = /^VR-[0-9A-Z]{8}$/;
/** R08 takes the title slug for readable links but accepts any value; the page has only the ref. */
export const ANY_SLUG = '-';
/**
 * The loader of the job's pages (the job, the proposal form): the job, as both pages read it, so
 * the two routes and the two pages share one key; nothing for an address that is no job's.
 */
export function prefetchJob(queryClient: QueryClient, refId: string): Promise<void> {
  if (!REF_ID.test(refId)) return Promise.resolve();
  return queryClient.prefetchQuery(getGetPublicServiceRequestQueryOptions(refId, ANY_SLUG, LOADER_READ));
}
