import type { ProposalClientStatus, ProposalSort, ServiceRequestStatus } from '@/api/generated/model';
import { isRequestStatus } from './status';

/** `/dashboard/requests/?status=open&page=2`: the list's filter and page. */
export interface RequestsSearch {
  status?: ServiceRequestStatus;
  page?: number;
}

const MAX_PAGE = 10_000;

function positivePage(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : undefined;
}

/** Keeps a known status and a page above 1; anything else falls back to all statuses, page 1. */
export function requestsSearch(search: Record<string, unknown>): RequestsSearch {
  const out: RequestsSearch = {};
  if (isRequestStatus(search.status)) out.status = search.status;
  const page = positivePage(search.page);
  if (page) out.page = page;
  return out;
}

export const DETAIL_TABS = ['messages', 'request', 'proposals', 'client'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
export const DEFAULT_DETAIL_TAB: DetailTab = 'request';

export const PROPOSAL_STATUSES = [
  'submitted',
  'shortlisted',
  'accepted',
  'declined',
] as const satisfies readonly ProposalClientStatus[];
export const PROPOSAL_SORTS = ['newest', 'price-low', 'price-high'] as const satisfies readonly ProposalSort[];
export const DEFAULT_PROPOSAL_SORT: ProposalSort = 'newest';

/**
 * `/dashboard/requests/{id}/details/?tab=proposals&status=shortlisted&sort=price-low&page=2`:
 * the open tab (Request Details when absent) and, on the proposals tab, its filter, order and page.
 */
export interface RequestDetailsSearch {
  tab?: DetailTab;
  status?: ProposalClientStatus;
  sort?: ProposalSort;
  page?: number;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Keeps a known tab; the proposal filter, order (newest is the default) and page only with the proposals tab. */
export function requestDetailsSearch(search: Record<string, unknown>): RequestDetailsSearch {
  const tab = search.tab;
  if (!isOneOf(DETAIL_TABS, tab) || tab === DEFAULT_DETAIL_TAB) return {};
  if (tab !== 'proposals') return { tab };
  const out: RequestDetailsSearch = { tab };
  if (isOneOf(PROPOSAL_STATUSES, search.status)) out.status = search.status;
  if (isOneOf(PROPOSAL_SORTS, search.sort) && search.sort !== DEFAULT_PROPOSAL_SORT) out.sort = search.sort;
  const page = positivePage(search.page);
  if (page) out.page = page;
  return out;
}
