/*
 * The search call's arguments, apart from the search's parsing: the sub-families read the forms'
 * index, which the routes' `validateSearch` and loaders (in the entry chunk) have no use for.
 */
import { searchRequestWith, type SearchRequest } from './searchArgs';
import type { JobSearch } from './searchParams';
import { subFamiliesOf } from './subFamilies';

export type { SearchRequest };

function familyHasSubFamily(family: string, subFamily: string): boolean {
  return subFamiliesOf(family).some((option) => option.slug === subFamily);
}

/**
 * The arguments of `searchPublicServiceRequests` for a search. `pathFamily` (the family of
 * /find/{family}/jobs/) wins over `?family=`. A sub-family is sent only with its family and
 * only when the family has it; the currency only with a budget bound; the order only when set.
 */
export function toSearchRequest(search: JobSearch, pathFamily?: string): SearchRequest {
  return searchRequestWith(search, pathFamily, familyHasSubFamily);
}
