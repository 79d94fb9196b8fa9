/*
 * The job board's search call, as its route's loader starts it and the page reads it (one query
 * key). The forms' index (sub-families) is loaded only for a search with a sub-family.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getSearchPublicServiceRequestsQueryOptions } from '@/api/generated/requests/requests';
import { searchRequestWith, type SearchRequest } from './searchArgs';
import type { JobSearch } from './searchParams';

/**
 * A route's loader: the board's first answer asked for at once, as JobBoardPage asks for it.
 * Never throws: a failed call leaves the page to show its own error state, with its retry.
 */
export function prefetchJobBoard(queryClient: QueryClient, search: JobSearch, pathFamily?: string): Promise<void> {
  const prefetch = ({ query, params }: SearchRequest) =>
    queryClient.prefetchQuery(getSearchPublicServiceRequestsQueryOptions(query, params));
  if (!search.subFamily) return prefetch(searchRequestWith(search, pathFamily, () => false));
  // Whether the family has that sub-family is in the forms' index, which comes with the page.
  return import('./searchRequest').then(
    ({ toSearchRequest }) => prefetch(toSearchRequest(search, pathFamily)),
    () => undefined,
  );
}
