import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { businessLocations, profiles, users, type AccountType } from '../../db/schema';
import { prefixQuery } from '../../lib/search-text';
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
}

function conditions(filters: DirectoryFilters): SQL[] {
  const where: SQL[] = [
    // Written as the partial indexes' predicate so the planner can use them.
    sql`${profiles.listedAt} IS NOT NULL`,
    eq(profiles.accountType, filters.accountType),
  ];
  if (filters.words.length > 0) where.push(sql`${profiles.searchVector} @@ ${prefixQuery(filters.words)}`);
  if (filters.service) where.push(sql`${profiles.serviceSlugs} @> ARRAY[${filters.service}]::text[]`);
  if (filters.country) where.push(sql`${profiles.countries} @> ARRAY[${filters.country}]::text[]`);
  if (filters.country && filters.state) {
    where.push(sql`${profiles.states} @> ARRAY[${`${filters.country}-${filters.state}`}]::text[]`);
  }
  if (filters.totalEmployees) where.push(eq(profiles.totalEmployees, filters.totalEmployees));
  if (filters.minimumProjectSize) where.push(eq(profiles.minimumProjectSize, filters.minimumProjectSize));
  if (filters.averageHourlyRate) where.push(eq(profiles.averageHourlyRate, filters.averageHourlyRate));
  if (filters.minRateUsd !== undefined) where.push(sql`${profiles.hourlyRateUsd} >= ${filters.minRateUsd}`);
  if (filters.maxRateUsd !== undefined) where.push(sql`${profiles.hourlyRateUsd} <= ${filters.maxRateUsd}`);
  return where;
}

const displayName = sql<string>`CASE WHEN ${users.accountType} = 'business' THEN ${users.companyname} ELSE ${users.firstname} || ' ' || ${users.lastname} END`;

/** Orders written exactly as the sort indexes have them (DESC NULLS LAST), so PostgreSQL walks them. */
function orderOf(sort: DirectorySort, words: string[]): SQL[] {
  const newest = [sql`${profiles.listedAt} DESC NULLS LAST`, sql`${profiles.userId} DESC NULLS LAST`];
  const byRating = [sql`${profiles.ratingAverage} DESC NULLS LAST`, sql`${profiles.reviewCount} DESC NULLS LAST`];
  switch (sort) {
    case 'newest':
      return newest;
    case 'name':
      return [asc(sql`lower(${displayName})`), asc(profiles.userId)];
    case 'rating':
      return [...byRating, ...newest];
    case 'rate-low':
      return [sql`${profiles.hourlyRateUsd} ASC NULLS LAST`, ...newest];
    case 'rate-high':
      return [sql`${profiles.hourlyRateUsd} DESC NULLS LAST`, ...newest];
    case 'relevance':
      return words.length > 0
        ? [sql`ts_rank(${profiles.searchVector}, ${prefixQuery(words)}) DESC`, ...newest]
        : [...byRating, ...newest];
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

/**
 * One page of listed profiles in `sort`'s order. The page's ids come first from the profiles
 * alone (the sort's index, often without reading a row; the text index and the rank for words),
 * then the twenty cards with their accounts: joining the accounts before the page is cut would
 * join every match. By name, the order is the account's, so that one reads them joined.
 */
async function listedPage(
  db: Database,
  where: SQL | undefined,
  sort: DirectorySort,
  words: string[],
  limit: number,
  offset: number,
  first: SQL[] = [],
): Promise<DirectoryRow[]> {
  const order = [...first, ...orderOf(sort, words)];
  if (sort === 'name') return selectListed(db, where, order, limit, offset);
  const page = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (page.length === 0) return [];
  const ids = page.map((row) => row.userId);
  const rows = await db
    .select(directoryColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.userId, ids));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

/**
 * The sponsored ids as one array parameter: a list of thousands of parameters costs more to
 * build, send and plan than the query it is part of.
 */
const idArray = (ids: string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
const amongIds = (ids: string[]): SQL => sql`${profiles.userId} = ANY(${idArray(ids)})`;
const notAmongIds = (ids: string[]): SQL => sql`${profiles.userId} <> ALL(${idArray(ids)})`;

/**
 * How many businesses matching the filters are among the sponsored ones, read from the ids' side
 * (the planner looks each up by its key, or joins them with one pass over the type's index).
 */
async function countSponsored(db: Database, where: SQL[], sponsoredIds: string[]): Promise<number> {
  if (sponsoredIds.length === 0) return 0;
  const sponsored = sql`unnest(${idArray(sponsoredIds)}) AS sponsored(id)`;
  const [row] = await db
    .select({ total: count() })
    .from(sponsored)
    .innerJoin(profiles, sql`${profiles.userId} = sponsored.id`)
    .where(and(...where));
  return Number(row?.total ?? 0);
}

/**
 * One page of the directory in `sort`'s order. For businesses, the sponsored ones (Featured plan,
 * paid now) that match come first: the page is cut from the sponsored matches, then from the
 * others, each read in `sort`'s order, so the others still walk the sort's index (skipping the few
 * sponsored ids) and stop at the page's end instead of ordering every match by the plan first.
 * How many sponsored businesses match is counted for the later pages only: the first page ends
 * inside the sponsored matches or shows where they end.
 * The page's businesses then get their standing (sponsored, badge) in one more query.
 */
export async function listDirectory(
  db: Database,
  filters: DirectoryFilters,
  sort: DirectorySort,
  page: number,
  pageSize: number,
): Promise<ListedRow[]> {
  const where = conditions(filters);
  const offset = (page - 1) * pageSize;
  if (filters.accountType !== 'business') {
    const rows = await listedPage(db, and(...where), sort, filters.words, pageSize, offset);
    return rows.map((row) => ({ ...row, sponsored: false, badge: null }));
  }
  const sponsoredIds = await sponsoredBusinessIds(db);
  if (filters.words.length > 0 && sort === 'relevance') {
    // Ranking reads every match whatever comes first, so one read ranks them, sponsored first,
    // instead of one read for the sponsored matches and another for the rest.
    const first = sponsoredIds.length > 0 ? [sql`${amongIds(sponsoredIds)} DESC`] : [];
    return withStandings(db, await listedPage(db, and(...where), sort, filters.words, pageSize, offset, first));
  }
  // The first page needs no count: it ends inside the sponsored matches or shows where they end.
  const counted = offset === 0 ? undefined : await countSponsored(db, where, sponsoredIds);
  const sponsored =
    sponsoredIds.length > 0 && (counted === undefined || offset < counted)
      ? await listedPage(db, and(...where, amongIds(sponsoredIds)), sort, filters.words, pageSize, offset)
      : [];
  const sponsoredTotal = counted ?? sponsored.length;
  const others =
    sponsored.length < pageSize
      ? await listedPage(
          db,
          and(...where, ...(sponsoredIds.length > 0 ? [notAmongIds(sponsoredIds)] : [])),
          sort,
          filters.words,
          pageSize - sponsored.length,
          Math.max(0, offset - sponsoredTotal),
        )
      : [];
  return withStandings(db, [...sponsored, ...others]);
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
