/**
 * The job board's state lives in the URL (/find/jobs/?q=...&page=2, /find/{family}/jobs/?...),
 * so a search can be shared and Back undoes a change. This module turns the URL's search
 * params into a clean `JobSearch` (anything invalid is dropped, never an error) and a
 * `JobSearch` into the arguments of `searchPublicServiceRequests` (R07).
 */
import type { ServiceRequestPostedWithin, ServiceRequestPublicSort } from '@/api/generated/model';
import { isFamilySlug, isSlug } from './slugs';

export type JobSort = ServiceRequestPublicSort;
export type PostedWithin = ServiceRequestPostedWithin;

export interface JobSearch {
  /** The search text, trimmed; absent for none. */
  q?: string;
  /**
   * Only on /find/jobs/: /find/{family}/jobs/ carries the family in its path. Any slug of the
   * catalogue's shape; the server says whether the catalogue has it.
   */
  family?: string;
  subFamily?: string;
  budgetMin?: number;
  budgetMax?: number;
  /** The currency of the budget bounds; absent for the default (USD). */
  currency?: string;
  projectDuration?: string;
  paymentType?: string;
  postedWithin?: PostedWithin;
  sort?: JobSort;
  /** Absent for the first page. */
  page?: number;
}

export const DEFAULT_CURRENCY = 'USD';
export const MAX_QUERY_LENGTH = 200;
const MAX_AMOUNT = 100_000_000;
const MAX_PAGE = 10_000;
/** What the path carries when there is no search text. */
export const NO_TEXT = 'all';

export const POSTED_WITHIN_OPTIONS: readonly { value: PostedWithin; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '3d', label: 'Last 3 days' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

const SORT_LABELS: Record<JobSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  oldest: 'Oldest',
  'budget-high': 'Budget: high to low',
  'budget-low': 'Budget: low to high',
};

/** The orders offered: relevance only ranks search text, so it needs some. */
export function sortOptions(hasText: boolean): { value: JobSort; label: string }[] {
  const order: JobSort[] = hasText
    ? ['relevance', 'newest', 'oldest', 'budget-high', 'budget-low']
    : ['newest', 'oldest', 'budget-high', 'budget-low'];
  return order.map((value) => ({ value, label: SORT_LABELS[value] }));
}

/** The order in effect when the URL names none (the server's default too). */
export function effectiveSort(search: JobSearch): JobSort {
  return search.sort ?? (search.q ? 'relevance' : 'newest');
}

const CURRENCY = /^[A-Z]{3}$/;

function text(value: unknown): string | undefined {
  // The router reads `?q=2024` as a number.
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return trimmed && trimmed.length <= MAX_QUERY_LENGTH ? trimmed : undefined;
}

function slug(value: unknown): string | undefined {
  return isSlug(value) ? value : undefined;
}

function amount(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= MAX_AMOUNT
    ? number
    : undefined;
}

function page(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 1 && number <= MAX_PAGE
    ? number
    : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

const POSTED_WITHIN_VALUES = POSTED_WITHIN_OPTIONS.map((option) => option.value);
const SORT_VALUES = Object.keys(SORT_LABELS) as JobSort[];

/**
 * The route's `validateSearch`: the URL's search params as a JobSearch. Unknown keys and
 * invalid values are dropped (a family only when it is not slug-shaped: the catalogue, not this
 * module, knows the families); so are `relevance` without text, a sub-family without a family
 * (the path's family is checked later, see `toSearchRequest`), a maximum below the minimum,
 * a currency with no amount and page 1.
 */
export function parseJobSearch(raw: Record<string, unknown>): JobSearch {
  const search: JobSearch = {};
  const q = text(raw.q);
  if (q) search.q = q;
  if (isFamilySlug(raw.family)) search.family = raw.family;
  const subFamily = slug(raw.subFamily);
  if (subFamily) search.subFamily = subFamily;

  const budgetMin = amount(raw.budgetMin);
  const budgetMax = amount(raw.budgetMax);
  if (budgetMin !== undefined) search.budgetMin = budgetMin;
  if (budgetMax !== undefined && (budgetMin === undefined || budgetMax >= budgetMin)) search.budgetMax = budgetMax;
  const currency = typeof raw.currency === 'string' ? raw.currency.toUpperCase() : undefined;
  if (
    currency &&
    CURRENCY.test(currency) &&
    currency !== DEFAULT_CURRENCY &&
    (search.budgetMin !== undefined || search.budgetMax !== undefined)
  ) {
    search.currency = currency;
  }

  const projectDuration = slug(raw.projectDuration);
  if (projectDuration) search.projectDuration = projectDuration;
  const paymentType = slug(raw.paymentType);
  if (paymentType) search.paymentType = paymentType;
  const postedWithin = oneOf(raw.postedWithin, POSTED_WITHIN_VALUES);
  if (postedWithin) search.postedWithin = postedWithin;
  const sort = oneOf(raw.sort, SORT_VALUES);
  if (sort && (sort !== 'relevance' || search.q)) search.sort = sort;
  const pageNumber = page(raw.page);
  if (pageNumber) search.page = pageNumber;
  return search;
}

/**
 * The state after a change: cleaned again (so clearing the text drops `relevance`), back on
 * the first page unless the change is the page itself.
 */
export function nextSearch(current: JobSearch, change: Partial<JobSearch>): JobSearch {
  const merged: Record<string, unknown> = { ...current, ...change };
  if (!('page' in change)) delete merged.page;
  if ('family' in change) delete merged.subFamily;
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return parseJobSearch(merged);
}

/** The filters of the sidebar (not the text or the order) that narrow the results. */
export function activeFilterCount(search: JobSearch, pathFamily?: string): number {
  const family = pathFamily ?? search.family;
  return [
    family,
    family ? search.subFamily : undefined,
    search.budgetMin !== undefined || search.budgetMax !== undefined ? 'budget' : undefined,
    search.projectDuration,
    search.paymentType,
    search.postedWithin,
  ].filter(Boolean).length;
}

/** The same search without any filter: the text and a valid order stay. */
export function withoutFilters(search: JobSearch): JobSearch {
  return parseJobSearch({ q: search.q, sort: search.sort });
}
