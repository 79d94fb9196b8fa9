/**
 * The directories' state lives in the URL (/find/businesses/?service=...&country=US&page=2,
 * /find/{service}/businesses/?..., /find/professionals/?...), so a search can be shared and Back
 * undoes a change. This module turns the URL's search params into a clean search (anything
 * invalid is dropped, never an error) and a search into the query of the directory calls.
 */
import type {
  BusinessDirectorySort,
  FreelancerDirectorySort,
  ListPublicBusinessProfilesParams,
  ListPublicFreelancerProfilesParams,
} from '@/api/generated/model';
import { BusinessAverageHourlyRate, BusinessMinimumProjectSize, BusinessTotalEmployees } from '@/api/generated/model';

/** What both directories filter by. */
interface BaseSearch {
  /** The search text, trimmed; absent for none. */
  q?: string;
  /** A family (`data-and-analytics`) or a sub-family (`data-and-analytics/business`). */
  service?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  /** A subdivision of `country` (never without it). */
  state?: string;
  /** Absent for the first page. */
  page?: number;
}

export interface BusinessSearch extends BaseSearch {
  hourlyRate?: BusinessAverageHourlyRate;
  minProjectSize?: BusinessMinimumProjectSize;
  employees?: BusinessTotalEmployees;
  sort?: BusinessDirectorySort;
}

export interface ProfessionalSearch extends BaseSearch {
  /** Hourly rate bounds in USD. */
  minRate?: number;
  maxRate?: number;
  sort?: FreelancerDirectorySort;
}

/** The contract's bounds: search text up to 100 characters, rates 0 to 1000 USD. */
export const MAX_QUERY_LENGTH = 100;
export const MAX_RATE = 1000;
const MAX_PAGE = 10_000;
export const PAGE_SIZE = 20;

const SERVICE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
const FAMILY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COUNTRY = /^[A-Z]{2}$/;
const STATE = /^[A-Z0-9]{1,3}$/;

/** A family slug of the catalogue's shape; whether the catalogue has it is the server's answer. */
export function isFamilySlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 80 && FAMILY.test(value);
}

function text(value: unknown): string | undefined {
  // The router reads `?q=2024` as a number.
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return trimmed && trimmed.length <= MAX_QUERY_LENGTH ? trimmed : undefined;
}

function matching(value: unknown, pattern: RegExp, maxLength: number): string | undefined {
  return typeof value === 'string' && value.length <= maxLength && pattern.test(value) ? value : undefined;
}

function integer(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  // `?employees=1` arrives as a number.
  const raw = typeof value === 'number' ? String(value) : value;
  return typeof raw === 'string' && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

function parseBase(raw: Record<string, unknown>): BaseSearch {
  const search: BaseSearch = {};
  const q = text(raw.q);
  if (q) search.q = q;
  const service = matching(raw.service, SERVICE, 161);
  if (service) search.service = service;
  const country = typeof raw.country === 'string' ? matching(raw.country.toUpperCase(), COUNTRY, 2) : undefined;
  if (country) {
    search.country = country;
    const state = typeof raw.state === 'string' ? matching(raw.state.toUpperCase(), STATE, 3) : undefined;
    if (state) search.state = state;
  }
  const page = integer(raw.page, 2, MAX_PAGE);
  if (page) search.page = page;
  return search;
}

export const BUSINESS_SORTS: readonly { value: BusinessDirectorySort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'newest', label: 'Newest members' },
  { value: 'name', label: 'Name (A to Z)' },
];

export const PROFESSIONAL_SORTS: readonly { value: FreelancerDirectorySort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'newest', label: 'Newest members' },
  { value: 'rate-low', label: 'Rate: low to high' },
  { value: 'rate-high', label: 'Rate: high to low' },
];

/** The route's `validateSearch` for the business directory. */
export function parseBusinessSearch(raw: Record<string, unknown>): BusinessSearch {
  const search: BusinessSearch = parseBase(raw);
  const hourlyRate = oneOf(raw.hourlyRate, Object.values(BusinessAverageHourlyRate));
  if (hourlyRate) search.hourlyRate = hourlyRate;
  const minProjectSize = oneOf(raw.minProjectSize, Object.values(BusinessMinimumProjectSize));
  if (minProjectSize) search.minProjectSize = minProjectSize;
  const employees = oneOf(raw.employees, Object.values(BusinessTotalEmployees));
  if (employees) search.employees = employees;
  const sort = oneOf(
    raw.sort,
    BUSINESS_SORTS.map((option) => option.value),
  );
  if (sort && sort !== 'relevance') search.sort = sort;
  return search;
}

/** The route's `validateSearch` for the professionals directory; a maximum below the minimum is dropped. */
export function parseProfessionalSearch(raw: Record<string, unknown>): ProfessionalSearch {
  const search: ProfessionalSearch = parseBase(raw);
  const minRate = integer(raw.minRate, 0, MAX_RATE);
  const maxRate = integer(raw.maxRate, 0, MAX_RATE);
  if (minRate !== undefined) search.minRate = minRate;
  if (maxRate !== undefined && (minRate === undefined || maxRate >= minRate)) search.maxRate = maxRate;
  const sort = oneOf(
    raw.sort,
    PROFESSIONAL_SORTS.map((option) => option.value),
  );
  if (sort && sort !== 'relevance') search.sort = sort;
  return search;
}

/**
 * The state after a change, cleaned by `parse`: back on the first page unless the change is the
 * page itself, and without a state when the country changes.
 */
export function nextSearch<S extends BaseSearch>(
  parse: (raw: Record<string, unknown>) => S,
  current: S,
  change: Partial<S>,
): S {
  const merged: Record<string, unknown> = { ...current, ...change };
  if (!('page' in change)) delete merged.page;
  if ('country' in change && change.country !== current.country && !('state' in change)) delete merged.state;
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return parse(merged);
}

const BUSINESS_FILTER_KEYS = ['service', 'country', 'hourlyRate', 'minProjectSize', 'employees'] as const;
const PROFESSIONAL_FILTER_KEYS = ['service', 'country'] as const;

/** The sidebar's filters in effect (a path's service counts; country and state count once). */
export function businessFilterCount(search: BusinessSearch, pathService?: string): number {
  return BUSINESS_FILTER_KEYS.filter((key) => (key === 'service' ? businessService(search, pathService) : search[key]))
    .length;
}

export function professionalFilterCount(search: ProfessionalSearch): number {
  const rate = search.minRate !== undefined || search.maxRate !== undefined ? 1 : 0;
  return PROFESSIONAL_FILTER_KEYS.filter((key) => search[key]).length + rate;
}

/** The same search without any filter: the text and the order stay. */
export function businessWithoutFilters(search: BusinessSearch): BusinessSearch {
  return parseBusinessSearch({ q: search.q, sort: search.sort });
}

export function professionalWithoutFilters(search: ProfessionalSearch): ProfessionalSearch {
  return parseProfessionalSearch({ q: search.q, sort: search.sort });
}

function baseParams(search: BaseSearch, service: string | undefined) {
  const params: Record<string, string | number> = {};
  if (search.q) params.q = search.q;
  if (service) params.service = service;
  if (search.country) {
    params.country = search.country;
    if (search.state) params.state = search.state;
  }
  if (search.page) params.page = search.page;
  params.pageSize = PAGE_SIZE;
  return params;
}

/**
 * The service a business search asks for: on /find/{service}/businesses/ the path's family, or
 * one of its sub-families from `?service=`; elsewhere `?service=`.
 */
export function businessService(search: BusinessSearch, pathService?: string): string | undefined {
  if (!pathService) return search.service;
  return search.service?.startsWith(`${pathService}/`) ? search.service : pathService;
}

/** The query of `listPublicBusinessProfiles`. */
export function toBusinessParams(search: BusinessSearch, pathService?: string): ListPublicBusinessProfilesParams {
  const params: ListPublicBusinessProfilesParams = baseParams(search, businessService(search, pathService));
  if (search.hourlyRate) params.hourlyRate = search.hourlyRate;
  if (search.minProjectSize) params.minProjectSize = search.minProjectSize;
  if (search.employees) params.employees = search.employees;
  if (search.sort) params.sort = search.sort;
  return params;
}

/** The query of `listPublicFreelancerProfiles`. */
export function toProfessionalParams(search: ProfessionalSearch): ListPublicFreelancerProfilesParams {
  const params: ListPublicFreelancerProfilesParams = baseParams(search, search.service);
  if (search.minRate !== undefined) params.minRate = search.minRate;
  if (search.maxRate !== undefined) params.maxRate = search.maxRate;
  if (search.sort) params.sort = search.sort;
  return params;
}

/** The family of a service slug: `data-and-analytics` for `data-and-analytics/business`. */
export function familyOf(service: string | undefined): string | undefined {
  return service?.split('/')[0];
}
