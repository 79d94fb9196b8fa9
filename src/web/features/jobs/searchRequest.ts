/*
 * The search call's arguments, apart from the search's parsing: the sub-families read the forms'
 * index, which the routes' `validateSearch` (in the entry chunk) has no use for.
 */
import type { SearchPublicServiceRequestsParams } from '@/api/generated/model';
import { DEFAULT_CURRENCY, NO_TEXT, type JobSearch } from './searchParams';
import { subFamiliesOf } from './subFamilies';

export interface SearchRequest {
  /** The path segment: the URL-encoded text, or `all`. */
  query: string;
  params: SearchPublicServiceRequestsParams;
}

/**
 * The arguments of `searchPublicServiceRequests` for a search. `pathFamily` (the family of
 * /find/{family}/jobs/) wins over `?family=`. A sub-family is sent only with its family and
 * only when the family has it; the currency only with a budget bound; the order only when set.
 */
export function toSearchRequest(search: JobSearch, pathFamily?: string): SearchRequest {
  const params: SearchPublicServiceRequestsParams = {};
  const family = pathFamily ?? search.family;
  if (family) {
    params.family = family;
    if (search.subFamily && subFamiliesOf(family).some((option) => option.slug === search.subFamily)) {
      params.subFamily = search.subFamily;
    }
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
