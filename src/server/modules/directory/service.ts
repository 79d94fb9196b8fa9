import { validationFailed } from '../../errors';
import type { components } from '../../generated/api';
import { AVERAGE_HOURLY_RATES, bandLabel, MINIMUM_PROJECT_SIZES, TOTAL_EMPLOYEES } from '../business';
import { sponsoredBusinessIds, type PlanStanding } from '../payments';
import { publicPersonName, loadTaxonomy, summary, type Taxonomy } from '../providers';
import { searchWords } from '../../lib/search-text';
import { downloadUrl } from '../uploads/service';
import {
  countDirectory,
  listDirectory,
  withWordIndex,
  type DirectoryCard,
  type DirectoryFilters,
  type DirectorySort,
} from './queries';
import { perApp, type AppDeps } from '../../lib/per-app';

/*
 * For the site search (website module): listed profiles read with the directory's columns, and
 * the businesses' headquarters, so the search shows the same cards without reading these tables.
 */
export { headquartersOf, readDirectoryRows, type DirectoryRow } from './queries';

type Schemas = components['schemas'];

export interface DirectoryQuery {
  q?: string;
  service?: string;
  country?: string;
  state?: string;
  hourlyRate?: string;
  minProjectSize?: string;
  employees?: string;
  minRate?: number;
  maxRate?: number;
  sort?: DirectorySort;
  page?: number;
  pageSize?: number;
}

const MAX_CARD_SERVICES = 6;

/** Checks what the contract cannot (pairs of parameters, slugs the catalogue must have). */
function filtersOf(
  accountType: DirectoryFilters['accountType'],
  query: DirectoryQuery,
  taxonomy: Taxonomy,
): DirectoryFilters {
  const errors = [];
  if (query.state && !query.country) errors.push({ field: 'query.state', message: 'needs a country' });
  if (query.service && !taxonomy.find(query.service)) {
    errors.push({ field: 'query.service', message: 'is not a service we offer' });
  }
  if (query.minRate !== undefined && query.maxRate !== undefined && query.minRate > query.maxRate) {
    errors.push({ field: 'query.minRate', message: 'must not be above the highest rate' });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return {
    accountType,
    words: query.q ? searchWords(query.q) : [],
    service: query.service,
    country: query.country,
    state: query.state,
    totalEmployees: query.employees,
    minimumProjectSize: query.minProjectSize,
    averageHourlyRate: query.hourlyRate,
    minRateUsd: query.minRate,
    maxRateUsd: query.maxRate,
  };
}

const rating = (row: DirectoryCard): Schemas['ProviderRating'] => ({
  average: row.reviewCount > 0 && row.ratingAverage !== null ? Math.round(row.ratingAverage * 10) / 10 : null,
  count: row.reviewCount,
});

/** The download address of a card's picture (a logo, an avatar), read with its row. */
const imageOf = (row: DirectoryCard): string | null =>
  row.imageId && row.imageName ? downloadUrl({ id: row.imageId, name: row.imageName }) : null;

/** The businesses' own order of services when they chose some, else what the directory indexes. */
function cardServices(row: DirectoryCard, taxonomy: Taxonomy): Schemas['ProviderServiceSummary'][] {
  const slugs = row.businessServices ?? row.serviceSlugs.filter((slug) => !slug.includes('/'));
  return slugs.slice(0, MAX_CARD_SERVICES).map((slug) => summary(taxonomy, slug));
}

/**
 * Totals are the costly part of a broad search: kept per filter set until a profile changes (the
 * database's trigger empties them in every process: `d:*`), a minute at most.
 */
const COUNT_CACHE = { ttlMs: 60_000, maxEntries: 500 };
/**
 * Whole answers per search, kept until what a card shows changes (`d:*`: profiles, the accounts'
 * names, business locations, subscriptions; the database's triggers empty them in every process).
 * A paid period can end without a write, so 30 s at most: as long as the contract lets a shared
 * cache keep the answer anyway.
 */
const ANSWER_CACHE = { ttlMs: 30_000, maxEntries: 500 };

/**
 * The businesses sponsored now, which every business page filters or orders by: kept as the
 * answers are (`d:*` empties them when a subscription changes; a paid period that ends without a
 * write shows within 30 s).
 */
const SPONSORED_CACHE = { ttlMs: ANSWER_CACHE.ttlMs, maxEntries: 1 };

/** A business without a paid plan. */
const FREE: PlanStanding = { sponsored: false, badge: null };

/** The business and professionals directories (B23 and the professionals call). */
export const directoryService = perApp((deps: Pick<AppDeps, 'db' | 'caches'>) => {
  const db = deps.db;
  const countCache = deps.caches.cache<number>('d', COUNT_CACHE);
  const cachedCount = (filters: DirectoryFilters) =>
    countCache.get(JSON.stringify(filters), () => countDirectory(db, filters));
  const businessAnswers = deps.caches.cache<Schemas['BusinessListingPage']['data']>('d', ANSWER_CACHE);
  const professionalAnswers = deps.caches.cache<Schemas['FreelancerListingPage']['data']>('d', ANSWER_CACHE);
  const sponsoredCache = deps.caches.cache<string[]>('d', SPONSORED_CACHE);
  const sponsoredIds = () => sponsoredCache.get('sponsored', () => sponsoredBusinessIds(db));
  // The catalogue changes only at start-up (the data files' sync): read once, again after a failure.
  let taxonomyRead: Promise<Taxonomy> | undefined;
  const taxonomyOnce = () => {
    taxonomyRead ??= loadTaxonomy(db).catch((error: unknown) => {
      taxonomyRead = undefined;
      throw error;
    });
    return taxonomyRead;
  };

  async function page(accountType: DirectoryFilters['accountType'], query: DirectoryQuery) {
    const taxonomy = await taxonomyOnce();
    const checked = filtersOf(accountType, query, taxonomy);
    // Read beside the words' lexemes; a failure is answered where the page waits for it.
    const sponsored = accountType === 'business' ? sponsoredIds() : Promise.resolve([]);
    sponsored.catch(() => undefined);
    // The lexemes under the words' prefixes are found afresh: a profile may have brought new ones.
    const filters = await withWordIndex(db, checked);
    const pageNumber = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const sort = query.sort ?? 'relevance';
    const [rows, total] = await Promise.all([
      sponsored.then((ids) =>
        listDirectory(db, filters, sort, { number: pageNumber, size: pageSize, sponsoredIds: ids }),
      ),
      cachedCount(filters),
    ]);
    return {
      rows,
      taxonomy,
      pagination: { page: pageNumber, pageSize, total, totalPages: Math.ceil(total / pageSize) },
    };
  }

  async function businesses(query: DirectoryQuery): Promise<Schemas['BusinessListingPage']['data']> {
    // The page's rows carry their logos' names, headquarters and plan standings.
    const { rows, taxonomy, pagination } = await page('business', query);
    const items = rows.map((row): Schemas['BusinessListing'] => {
      const standing = row.standing ?? FREE;
      return {
        companyId: row.companyId!,
        accountId: row.userId,
        name: row.displayName,
        // The details' logo, else the one set in the settings (the same the checklist counts).
        logoUrl: imageOf(row),
        tagline: row.businessTagline ?? '',
        services: cardServices(row, taxonomy),
        headquarters: row.headquarters,
        totalEmployees: bandLabel(TOTAL_EMPLOYEES, row.totalEmployees ?? ''),
        minimumProjectSize: bandLabel(MINIMUM_PROJECT_SIZES, row.minimumProjectSize ?? ''),
        averageHourlyRate: bandLabel(AVERAGE_HOURLY_RATES, row.averageHourlyRate ?? ''),
        rating: rating(row),
        badge: standing.badge,
        sponsored: standing.sponsored,
        memberSince: row.createdAt.toISOString(),
      };
    });
    return { items, pagination };
  }

  async function professionals(query: DirectoryQuery): Promise<Schemas['FreelancerListingPage']['data']> {
    const { rows, taxonomy, pagination } = await page('freelancer', query);
    const items = rows.map((row): Schemas['FreelancerListing'] => ({
      uid: row.userId,
      displayName: publicPersonName(row),
      avatarUrl: imageOf(row),
      headline: row.headline,
      tagline: row.tagline,
      services: cardServices(row, taxonomy),
      location: row.personalCountry
        ? { country: row.personalCountry, state: row.personalState, city: row.personalCity }
        : row.leadsCountry
          ? { country: row.leadsCountry, state: row.leadsState, city: null }
          : null,
      hourlyRate: row.hourlyRate,
      rating: rating(row),
      memberSince: row.createdAt.toISOString(),
    }));
    return { items, pagination };
  }

  return {
    businesses: (query: DirectoryQuery) => businessAnswers.get(JSON.stringify(query), () => businesses(query)),
    professionals: (query: DirectoryQuery) =>
      professionalAnswers.get(JSON.stringify(query), () => professionals(query)),
  };
});
