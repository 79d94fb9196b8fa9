/*
 * The search call's arguments for a search, given the test of whether a family has a
 * sub-family: that test reads the forms' index (searchRequest.ts), which the routes' loaders, in
 * the entry chunk, do without.
 */
import type { SearchPublicServiceRequestsParams } from '@/api/generated/model';
import { DEFAULT_CURRENCY, NO_TEXT, type JobSearch } from './searchParams';

export interface SearchRequest {
  /** The path segment: the URL-encoded text, or `all`. */
  query: string;
  params: SearchPublicServiceRequestsParams;
}

/** `toSearchRequest` with the test of whether a family has a sub-family given. */
export function searchRequestWith(
  search: JobSearch,
  pathFamily: string | undefined,
  hasSubFamily: (family: string, subFamily: string) => boolean,
): SearchRequest {
  const params: SearchPublicServiceRequestsParams = {};
  const family = pathFamily ?? search.family;
  if (family) {
    params.family = family;
    if (search.subFamily && hasSubFamily(family, search.subFamily)) params.subFamily = search.subFamily;
  }
  const hasBudget = search.budgetMin !== undefined || search.budgetMax !== undefined;
  if (search.budgetMin !== undefined) params.budgetMin = search.budgetMin;
  if (search.budgetMax !== undefined) params.budgetMax = search.budgetMax;
  if (hasBudget) params.currency = search.currency ?? DEFAULT_CURRENCY;
  if (search.projectDuration) params.projectDuration = search.projectDuration;
  if (search.paymentType) params.paymentType = search.paymentType;
  if (search.postedWithin) params.postedWithin = search.postedWithin;
  if (search.sort && (search.sort !== 'relevance' || search.q)) params.sort = search.sort;
  if (search.page && search.page > 1) params.page = search.page;
  return { query: search.q ? encodeURIComponent(search.q) : NO_TEXT, params };
}
