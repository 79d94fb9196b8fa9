import type { ServiceRequestStatus } from '@/api/generated/model';
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

export const DETAIL_TABS = ['messages', 'request', 'client'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
export const DEFAULT_DETAIL_TAB: DetailTab = 'request';

/** `/dashboard/requests/{id}/details/?tab=client`: the open tab (Request Details when absent). */
export interface RequestDetailsSearch {
  tab?: DetailTab;
}

export function requestDetailsSearch(search: Record<string, unknown>): RequestDetailsSearch {
  const tab = search.tab;
  return typeof tab === 'string' && (DETAIL_TABS as readonly string[]).includes(tab) && tab !== DEFAULT_DETAIL_TAB
    ? { tab: tab as DetailTab }
    : {};
}
