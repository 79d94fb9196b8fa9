import { useEffect, useMemo } from 'react';
import { useSearchWebsite } from '@/api/generated/website/website';
import { ApiError } from '@/api/mutator';
import {
  GROUP_LIMIT,
  MIN_QUERY_LENGTH,
  SEARCH_DEBOUNCE_MS,
  searchGroups,
  searchTypesFor,
  type SearchGroup,
} from './results';

export type SiteSearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; groups: SearchGroup[] };

/**
 * Searches the text once typing pauses (at least two characters once trimmed). Only the answer
 * to the text now in the box is shown: an answer to an earlier keystroke carries its own `q`.
 */
export function useSiteSearch(text: string, accountType: string | null): SiteSearchState {
  const q = text.trim();
  const { mutate, data, error, variables, reset } = useSearchWebsite();
  const types = useMemo(() => searchTypesFor(accountType), [accountType]);
  const typesKey = types.join(',');

  useEffect(() => {
    if (q.length < MIN_QUERY_LENGTH) {
      reset();
      return undefined;
    }
    const timer = setTimeout(
      () => mutate({ data: { q, types: typesKey.split(',') as typeof types, limit: GROUP_LIMIT } }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [q, typesKey, mutate, reset]);

  return useMemo((): SiteSearchState => {
    if (q.length < MIN_QUERY_LENGTH) return { status: 'idle' };
    if (error && variables?.data.q === q) {
      const message =
        error instanceof ApiError && error.httpStatus === 429
          ? 'Too many searches in a short time. Please wait a moment and try again.'
          : 'Search is not available right now. Please try again.';
      return { status: 'error', message };
    }
    if (data && data.data.q === q) return { status: 'done', groups: searchGroups(data.data) };
    return { status: 'loading' };
  }, [q, data, error, variables]);
}
