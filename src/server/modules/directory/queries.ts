import { and, asc, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { businessLocations, profileWords, profiles, users, type AccountType } from '../../db/schema';
import { everyPrefix, prefixQuery, prefixRows, underPrefix } from '../../lib/search-text';
import { planStandings, sponsoredBusinessIds, type PlanStanding } from '../payments';

/** The directories' reads: listed profiles (onboarding complete) of one account type. */

export type DirectorySort = 'relevance' | 'rating' | 'newest' | 'name' | 'rate-low' | 'rate-high';

export interface DirectoryFilters {
  accountType: Extract<AccountType, 'freelancer' | 'business'>;
  /** Normalised search words; empty for no text. */
  words: string[];
  /** A family or `family/sub`. */
  service?: string;
  country?: string;
  /** With `country`: the subdivision code without the country prefix. */
  state?: string;
  totalEmployees?: string;
  minimumProjectSize?: string;
  averageHourlyRate?: string;
  minRateUsd?: number;
  maxRateUsd?: number;
  /**
   * The words' lexeme prefixes as the text search stems them (`finance` → `financ`), when every
   * word is one prefix: then the word index answers the counts and the pages (but by name).
   */
  prefixes?: string[];
}

/** Every filter but the type and the words. */
function filterConditions(filters: DirectoryFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.service) where.push(sql`${profiles.serviceSlugs} @> ARRAY[${filters.service}]::text[]`);
  if (filters.country) where.push(sql`${profiles.countries} @> ARRAY[${filters.country}]::text[]`);
  if (filters.country && filters.state) {
    where.push(sql`${profiles.states} @> ARRAY[${`${filters.country}-${filters.state}`}]::text[]`);
  }
  if (filters.totalEmployees) where.push(eq(profiles.totalEmployees, filters.totalEmployees));
  if (filters.minimumProjectSize) where.push(eq(profiles.minimumProjectSize, filters.minimumProjectSize));
  if (filters.averageHourlyRate) where.push(eq(profiles.averageHourlyRate, filters.averageHourlyRate));
  return [...where, ...rateConditions(filters, profiles.hourlyRateUsd)];
}

/** The rate filters, on the profiles' column or the word index's. */
function rateConditions(filters: DirectoryFilters, hourlyRateUsd: SQLWrapper): SQL[] {
  const where: SQL[] = [];
  if (filters.minRateUsd !== undefined) where.push(sql`${hourlyRateUsd} >= ${filters.minRateUsd}`);
  if (filters.maxRateUsd !== undefined) where.push(sql`${hourlyRateUsd} <= ${filters.maxRateUsd}`);
  return where;
}

/**
 * The prefixes the word index answers with: the words' prefixes, when no filter but the rate
 * narrows them (the index carries the rate; a service, a place or a band is read from the
 * profiles' indexes, which intersect them with the text index).
 */
function indexedPrefixes(filters: DirectoryFilters): string[] | undefined {
  const narrowed =
    filters.service ||
    filters.country ||
    filters.totalEmployees ||
    filters.minimumProjectSize ||
    filters.averageHourlyRate;
  return narrowed ? undefined : filters.prefixes;
}

/** The profiles' conditions, words included (through the full-text index). */
function conditions(filters: DirectoryFilters): SQL[] {
  const where: SQL[] = [
    // Written as the partial indexes' predicate so the planner can use them.
    sql`${profiles.listedAt} IS NOT NULL`,
    eq(profiles.accountType, filters.accountType),
  ];
  if (filters.words.length > 0) where.push(sql`${profiles.searchVector} @@ ${prefixQuery(filters.words)}`);
  return [...where, ...filterConditions(filters)];
}

const words_ = profileWords;

/**
 * The listed profiles of the type with a word under every prefix, under the rate filters and
 * `extra` (on `profile_words.user_id`), one row each with what the sorts read and its rank, from
 * the word index alone: each prefix is one range of it. The rank reads the match's entries under
 * the prefixes, with their positions and weights: all of its vector that `ts_rank` reads (it is
 * not normalised by length). A one-word search's match with one entry under it has that entry's
 * own rank, kept beside it; only the others' entries are parsed.
 */
function wordMatches(filters: DirectoryFilters, prefixes: string[], extra: SQL[]): SQL {
  const parsed = sql`ts_rank(string_agg(${words_.entry}, ' ')::tsvector, ${prefixQuery(filters.words)})`;
  const rank =
    prefixes.length === 1 ? sql`CASE WHEN count(*) = 1 THEN max(${words_.rankOne}) ELSE ${parsed} END` : parsed;
  return sql`
    SELECT ${words_.userId} AS user_id, max(${words_.listedAt}) AS listed_at,
           max(${words_.ratingAverage}) AS rating_average, max(${words_.reviewCount}) AS review_count,
           max(${words_.hourlyRateUsd}) AS hourly_rate_usd, ${rank} AS rank
      FROM ${prefixRows(prefixes)}
      JOIN ${profileWords} ON ${words_.accountType} = ${filters.accountType} AND ${underPrefix(words_.lexeme)}
     WHERE ${and(sql`true`, ...rateConditions(filters, words_.hourlyRateUsd), ...extra)}
     GROUP BY ${words_.userId}
    HAVING ${everyPrefix(prefixes)}`;
}

/** What the sorts read: the profiles' columns, or the word matches' (`matches.*`). */
interface SortColumns {
  userId: SQLWrapper;
  listedAt: SQLWrapper;
  ratingAverage: SQLWrapper;
  reviewCount: SQLWrapper;
  hourlyRateUsd: SQLWrapper;
  /** The rank of the words' query. */
  rank: (query: SQL) => SQL;
}

const profileSort: SortColumns = {
  userId: profiles.userId,
  listedAt: profiles.listedAt,
  ratingAverage: profiles.ratingAverage,
  reviewCount: profiles.reviewCount,
  hourlyRateUsd: profiles.hourlyRateUsd,
  rank: (query) => sql`ts_rank(${profiles.searchVector}, ${query})`,
};

/** The word matches, ranked as they were read (`wordMatches`). */
const matchSort: SortColumns = {
  userId: sql`matches.user_id`,
  listedAt: sql`matches.listed_at`,
  ratingAverage: sql`matches.rating_average`,
  reviewCount: sql`matches.review_count`,
  hourlyRateUsd: sql`matches.hourly_rate_usd`,
  rank: () => sql`matches.rank`,
};

const displayName = sql<string>`CASE WHEN ${users.accountType} = 'business' THEN ${users.companyname} ELSE ${users.firstname} || ' ' || ${users.lastname} END`;

/**
 * Orders written exactly as the sort indexes have them (DESC NULLS LAST), so PostgreSQL walks them.
 * By name, the order is the account's: only the profiles' read has it.
 */
function orderOf(sort: DirectorySort, words: string[], columns: SortColumns = profileSort): SQL[] {
  const newest = [sql`${columns.listedAt} DESC NULLS LAST`, sql`${columns.userId} DESC NULLS LAST`];
  const byRating = [sql`${columns.ratingAverage} DESC NULLS LAST`, sql`${columns.reviewCount} DESC NULLS LAST`];
  switch (sort) {
    case 'newest':
      return newest;
    case 'name':
      return [asc(sql`lower(${displayName})`), asc(profiles.userId)];
    case 'rating':
      return [...byRating, ...newest];
    case 'rate-low':
      return [sql`${columns.hourlyRateUsd} ASC NULLS LAST`, ...newest];
    case 'rate-high':
      return [sql`${columns.hourlyRateUsd} DESC NULLS LAST`, ...newest];
    case 'relevance':
      return words.length > 0 ? [sql`${columns.rank(prefixQuery(words))} DESC`, ...newest] : [...byRating, ...newest];
  }
}

/** A section's field as text, read inside the jsonb without loading the whole column. */
const sectionText = (section: string, field: string) =>
  sql<string | null>`${profiles.sections} -> ${section} -> 'data' ->> ${field}`;
const sectionJson = <T>(section: string, field: string) =>
  sql<T | null>`${profiles.sections} -> ${section} -> 'data' -> ${field}`;

export const directoryColumns = {
  userId: profiles.userId,
  displayName,
  firstname: users.firstname,
  lastname: users.lastname,
  companyId: users.companyId,
  createdAt: users.createdAt,
  listedAt: profiles.listedAt,
  imageId: profiles.imageId,
  tagline: profiles.tagline,
  serviceSlugs: profiles.serviceSlugs,
  totalEmployees: profiles.totalEmployees,
  minimumProjectSize: profiles.minimumProjectSize,
  averageHourlyRate: profiles.averageHourlyRate,
  reviewCount: profiles.reviewCount,
  ratingAverage: profiles.ratingAverage,
  leadsCountry: profiles.leadsCountry,
  leadsState: profiles.leadsState,
  businessTagline: sectionText('businessDetails', 'tagline'),
  businessServices: sectionJson<string[]>('businessAbout', 'services'),
  headline: sectionText('freelancerAbout', 'headline'),
  hourlyRate: sectionJson<{ amount: number; currency: string }>('freelancerAbout', 'hourlyRate'),
  personalCountry: sectionText('personalDetails', 'country'),
  personalState: sectionText('personalDetails', 'state'),
  personalCity: sectionText('personalDetails', 'city'),
};

export type DirectoryRow = Awaited<ReturnType<typeof selectListed>>[number];
/** A directory row with its business's plan standing (never sponsored for a freelancer). */
export type ListedRow = DirectoryRow & PlanStanding;

function selectListed(db: Database, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select(directoryColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** Conditions on a profile's id: `(userId) => [...]` for the profiles' column or the word index's. */
type IdConditions = (userId: SQLWrapper) => SQL[];
const noIds: IdConditions = () => [];

/**
 * One page of listed profiles in `sort`'s order, narrowed by `extra`, after the `first` orders.
 * The page's ids come first, from the word index for words it can answer (index only), else
 * from the profiles alone (the sort's index, often without reading a row; the text index and
 * the rank for words); then the twenty cards with their accounts: joining the accounts before
 * the page is cut would join every match. By name, the order is the account's, so that one reads
 * them joined.
 */
async function listedPage(
  db: Database,
  filters: DirectoryFilters,
  sort: DirectorySort,
  page: { limit: number; offset: number; extra?: IdConditions; first?: IdConditions },
): Promise<{ rows: DirectoryRow[]; total?: number }> {
  const { limit, offset, extra = noIds, first = noIds } = page;
  if (sort === 'name') {
    const where = and(...conditions(filters), ...extra(profiles.userId));
    return {
      rows: await selectListed(db, where, [...first(profiles.userId), ...orderOf(sort, filters.words)], limit, offset),
    };
  }
  const prefixes = indexedPrefixes(filters);
  const { ids, total } = await (async (): Promise<{ ids: string[]; total?: number }> => {
    if (prefixes) {
      // The matches are all grouped to be ordered: how many there are comes with the page.
      const order = [...first(matchSort.userId), ...orderOf(sort, filters.words, matchSort)];
      const result = await db.execute(sql`
        SELECT user_id, count(*) OVER () AS total
          FROM (${wordMatches(filters, prefixes, extra(words_.userId))}) AS matches
         ORDER BY ${sql.join(order, sql`, `)}
         LIMIT ${limit} OFFSET ${offset}`);
      const { rows } = result as unknown as { rows: { user_id: string; total: string | number }[] };
      return { ids: rows.map((row) => row.user_id), total: rows[0] ? Number(rows[0].total) : undefined };
    }
    const rows = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(...conditions(filters), ...extra(profiles.userId)))
      .orderBy(...first(profiles.userId), ...orderOf(sort, filters.words))
      .limit(limit)
      .offset(offset);
    return { ids: rows.map((row) => row.userId) };
  })();
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .select(directoryColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.userId, ids));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return { rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined), total };
}

/**
 * The sponsored ids as one array parameter: a list of thousands of parameters costs more to
 * build, send and plan than the query it is part of.
 */
const idArray = (ids: string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
const amongIds =
  (ids: string[]): IdConditions =>
  (userId) => [sql`${userId} = ANY(${idArray(ids)})`];
const notAmongIds =
  (ids: string[]): IdConditions =>
  (userId) =>
    ids.length > 0 ? [sql`${userId} <> ALL(${idArray(ids)})`] : [];

/**
 * How many businesses matching the filters are among the sponsored ones: from the word index
 * for words it answers, else read from the ids' side (the planner looks each up by its key, or
 * joins them with one pass over the type's index).
 */
async function countSponsored(db: Database, filters: DirectoryFilters, sponsoredIds: string[]): Promise<number> {
  if (sponsoredIds.length === 0) return 0;
  const prefixes = indexedPrefixes(filters);
  if (prefixes) return countWordMatches(db, filters, prefixes, amongIds(sponsoredIds)(words_.userId));
  const sponsored = sql`unnest(${idArray(sponsoredIds)}) AS sponsored(id)`;
  const [row] = await db
    .select({ total: count() })
    .from(sponsored)
    .innerJoin(profiles, sql`${profiles.userId} = sponsored.id`)
    .where(and(...conditions(filters)));
  return Number(row?.total ?? 0);
}

async function countWordMatches(db: Database, filters: DirectoryFilters, prefixes: string[], extra: SQL[]) {
  const result = await db.execute(
    sql`SELECT count(*) AS total FROM (${wordMatches(filters, prefixes, extra)}) AS matches`,
  );
  const [row] = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(row?.total ?? 0);
}

/**
 * Whether a page's read also counts the matches (`listDirectory`'s `total`, unless the page is
 * past the last match): a page the word index answers in one read.
 */
export const pageCountsMatches = (filters: DirectoryFilters, sort: DirectorySort): boolean =>
  indexedPrefixes(filters) !== undefined &&
  sort !== 'name' &&
  (filters.accountType !== 'business' || (filters.words.length > 0 && sort === 'relevance'));

/**
 * One page of the directory in `sort`'s order. For businesses, the sponsored ones (Featured plan,
 * paid now) that match come first: the page is cut from the sponsored matches, then from the
 * others, each read in `sort`'s order, so the others still walk the sort's index (skipping the few
 * sponsored ids) and stop at the page's end instead of ordering every match by the plan first.
 * How many sponsored businesses match is counted for the later pages only: the first page ends
 * inside the sponsored matches or shows where they end.
 * The page's businesses then get their standing (sponsored, badge) in one more query.
 * `total` is how many match, when the page's read counted them (a page of the word index read
 * whole), so the caller need not count them again.
 */
export async function listDirectory(
  db: Database,
  filters: DirectoryFilters,
  sort: DirectorySort,
  page: number,
  pageSize: number,
): Promise<{ rows: ListedRow[]; total?: number }> {
  const offset = (page - 1) * pageSize;
  if (filters.accountType !== 'business') {
    const { rows, total } = await listedPage(db, filters, sort, { limit: pageSize, offset });
    return { rows: rows.map((row) => ({ ...row, sponsored: false, badge: null })), total };
  }
  const sponsoredIds = await sponsoredBusinessIds(db);
  if (filters.words.length > 0 && sort === 'relevance') {
    // Ranking reads every match whatever comes first, so one read ranks them, sponsored first,
    // instead of one read for the sponsored matches and another for the rest.
    const first: IdConditions = (userId) =>
      sponsoredIds.length > 0 ? amongIds(sponsoredIds)(userId).map((among) => sql`${among} DESC`) : [];
    const { rows, total } = await listedPage(db, filters, sort, { limit: pageSize, offset, first });
    return { rows: await withStandings(db, rows), total };
  }
  // The first page needs no count: it ends inside the sponsored matches or shows where they end.
  const counted = offset === 0 ? undefined : await countSponsored(db, filters, sponsoredIds);
  const sponsored =
    sponsoredIds.length > 0 && (counted === undefined || offset < counted)
      ? (await listedPage(db, filters, sort, { limit: pageSize, offset, extra: amongIds(sponsoredIds) })).rows
      : [];
  const sponsoredTotal = counted ?? sponsored.length;
  const others =
    sponsored.length < pageSize
      ? (
          await listedPage(db, filters, sort, {
            limit: pageSize - sponsored.length,
            offset: Math.max(0, offset - sponsoredTotal),
            extra: notAmongIds(sponsoredIds),
          })
        ).rows
      : [];
  return { rows: await withStandings(db, [...sponsored, ...others]) };
}

/** The businesses of a page with their plan standing (sponsored, badge). */
async function withStandings(db: Database, rows: DirectoryRow[]): Promise<ListedRow[]> {
  const standings = await planStandings(
    db,
    rows.map((row) => row.userId),
  );
  const free: PlanStanding = { sponsored: false, badge: null };
  return rows.map((row) => ({ ...row, ...(standings.get(row.userId) ?? free) }));
}

/**
 * Listed profiles read with the directory's columns under the caller's condition and order (the
 * site search's word and name matches), at most `limit`, with the total of every match.
 */
export async function readDirectoryRows(db: Database, where: SQL | undefined, order: SQL[], limit: number) {
  const rows = await db
    .select(directoryColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  if (rows.length < limit) return { rows, total: rows.length };
  const [row] = await db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where);
  return { rows, total: Number(row?.total ?? 0) };
}

export async function countDirectory(db: Database, filters: DirectoryFilters): Promise<number> {
  const prefixes = indexedPrefixes(filters);
  if (prefixes) return countWordMatches(db, filters, prefixes, []);
  const [row] = await db
    .select({ total: count() })
    .from(profiles)
    .where(and(...conditions(filters)));
  return row?.total ?? 0;
}

/** The headquarters of each business of one page. */
export const headquartersOf = (db: Database, userIds: string[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          userId: businessLocations.userId,
          country: businessLocations.country,
          state: businessLocations.state,
          city: businessLocations.city,
        })
        .from(businessLocations)
        .where(and(inArray(businessLocations.userId, userIds), eq(businessLocations.isHeadquarters, true)));
