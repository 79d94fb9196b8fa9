import { and, asc, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { standingOf, type PlanStanding } from '../payments';
import { uploadNameOf } from '../uploads/service';
import { businessLocations, profileWords, profiles, users, type AccountType } from '../../db/schema';
import {
  appendedRanges,
  everyPrefix,
  everyPrefixFound,
  lexemesUnder,
  mergedRanges,
  prefixQuery,
  prefixRows,
  underPrefix,
  type PrefixLexeme,
} from '../../lib/search-text';

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
  /**
   * The lexemes of the word index under those prefixes, found for this search (`withLexemes`):
   * then each is read as its own range, already in profile order, and the ranges are merged.
   */
  lexemes?: PrefixLexeme[];
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
  return narrowed(filters) ? undefined : filters.prefixes;
}

/** Whether a filter the word index does not carry narrows the search. */
const narrowed = (filters: DirectoryFilters): boolean =>
  Boolean(
    filters.service ||
    filters.country ||
    filters.totalEmployees ||
    filters.minimumProjectSize ||
    filters.averageHourlyRate,
  );

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
 * What a search's rows of the word index carry, with the number `n` of the prefix each is under:
 * the entry itself only for a search of several words, whose rank parses the entries.
 */
const hitColumns = (entries: boolean) => sql`${words_.userId} AS user_id, ${words_.listedAt} AS listed_at,
  ${words_.ratingAverage} AS rating_average, ${words_.reviewCount} AS review_count,
  ${words_.hourlyRateUsd} AS hourly_rate_usd, ${words_.rankOne} AS rank_one, ${words_.runRanks} AS run_ranks
  ${entries ? sql`, ${words_.entry} AS entry` : sql``}`;

/**
 * The filters with their words' prefixes and the word index's lexemes under them, when the index
 * answers them (no filter narrows them but the rate), found in one statement (`lexemesUnder`):
 * afresh for each search, as profiles bring new words. The lexemes are left out when the prefixes
 * cover many (`MERGED_LEXEMES`); the prefixes too when the words are not a query of prefixes,
 * which the text index answers. A search the index does not answer needs neither: its words are
 * stemmed in its query.
 */
export async function withWordIndex(db: Database, filters: DirectoryFilters): Promise<DirectoryFilters> {
  if (filters.words.length === 0 || narrowed(filters)) return filters;
  const scope = sql`${words_.accountType} = ${filters.accountType}`;
  const { prefixes, lexemes } = await lexemesUnder(
    db,
    { table: profileWords, lexeme: words_.lexeme },
    scope,
    filters.words,
  );
  if (!prefixes) return filters;
  return lexemes ? { ...filters, prefixes, lexemes } : { ...filters, prefixes };
}

/** Whether a prefix of the search has no lexeme in the word index: then nothing matches. */
const prefixMissing = (filters: DirectoryFilters, prefixes: string[]): boolean =>
  filters.lexemes !== undefined && !everyPrefixFound(prefixes, filters.lexemes);

/** Only the profile of each of a search's rows of the word index, when they are only counted. */
const idColumns = sql`${words_.userId} AS user_id`;

/**
 * The relevance order of one lexeme's rows (`orderOf`'s, by their own rank), as the rank index
 * (migration 0027) keeps them: walked from the front, the first rows are read without a sort.
 */
const rankOrder = [
  sql`${words_.rankOne} DESC NULLS LAST`,
  sql`${words_.listedAt} DESC NULLS LAST`,
  sql`${words_.userId} DESC NULLS LAST`,
];

/**
 * The word index's rows under the prefixes (`columns` and `n`), under the rate filters and
 * `extra` (on `profile_words.user_id`), in profile order when the lexemes are known: each lexeme
 * is one range of the index already in that order, and the ranges are merged in it
 * (`mergedRanges`) instead of sorting their rows, which is most of a broad word's cost. Rows
 * that are not `grouped` by profile come in any order; of those, the first lexeme's may be read
 * only as far as `firstRows` in the relevance order (`rankOrder`). Else the prefixes' ranges are
 * joined.
 */
function wordHits(
  filters: DirectoryFilters,
  prefixes: string[],
  extra: SQL[],
  columns: SQL,
  grouped = true,
  firstRows?: number,
): SQL {
  const where = (...conditions: SQL[]) =>
    and(
      sql`${words_.accountType} = ${filters.accountType}`,
      ...conditions,
      ...rateConditions(filters, words_.hourlyRateUsd),
      ...extra,
    );
  if (!filters.lexemes) {
    return sql`
      SELECT ${columns}, query.n::int AS n
        FROM ${prefixRows(prefixes)}
        JOIN ${profileWords} ON ${where(underPrefix(words_.lexeme))}`;
  }
  const range = ({ n, lexeme }: PrefixLexeme) =>
    sql`SELECT ${columns}, ${n}::int AS n FROM ${profileWords} WHERE ${where(sql`${words_.lexeme} = ${lexeme} COLLATE "C"`)}`;
  if (filters.lexemes.length === 1) return range(filters.lexemes[0]!);
  if (!grouped)
    return appendedRanges(
      filters.lexemes.map((found, at) =>
        at === 0 && firstRows !== undefined
          ? sql`${range(found)} ORDER BY ${sql.join(rankOrder, sql`, `)} LIMIT ${firstRows}`
          : range(found),
      ),
    );
  return mergedRanges(filters.lexemes.map(range), sql`user_id`);
}

/**
 * A profile's first row of the word index under a one-word search's prefix, which stands for the
 * profile: its lexeme shares fewer characters than the prefix has with the profile's lexeme before
 * it (`shared_chars`, migration 0027). So a one-word search counts its matches without grouping
 * their rows by profile, from the narrow count index (type, lexeme, shared_chars).
 */
const firstUnder = (prefix: string): SQL => sql`${words_.sharedChars} < ${[...prefix].length}::int`;

/**
 * The ranked matches a page of a one-word search needs, when its prefix covers several lexemes:
 * the first `needed` of them in `order`, from its rows' own ranks without grouping them all. A
 * row's rank for the prefix (`run_ranks`) is at most its profile's, which is its last row's under
 * the prefix, and a profile has a row per lexeme at most; so the first `needed` × lexemes rows in
 * `order` hold each of the first `needed` profiles' best row, and every other profile they hold
 * ranks after those. Grouping those rows alone ranks the page exactly as grouping every match.
 *
 * By relevance alone (`byRank`), the first lexeme's rows are read only as far as `needed` in the
 * rank index's order. No profile has a lexeme under the prefix before the first one, so each of
 * those rows is its profile's first under the prefix and ranks by its own rank (`rank_one`). A
 * row of that lexeme past the first `needed` has `needed` rows before it, each of another profile
 * ranking before its own; so it is no first-page profile's best row, and leaving it out changes
 * no rank the page shows. The other lexemes' rows are read whole.
 */
function rankedCandidates(
  filters: DirectoryFilters,
  prefix: string,
  extra: SQL[],
  order: SQL[],
  needed: number,
  byRank: boolean,
): SQL {
  const lexemes = filters.lexemes?.length ?? 0;
  const hits = wordHits(filters, [prefix], extra, hitColumns(false), false, byRank ? needed : undefined);
  const rows = sql`
    SELECT hits.user_id, hits.listed_at, hits.rating_average, hits.review_count, hits.hourly_rate_usd,
           coalesce(hits.run_ranks[${[...prefix].length}::int], hits.rank_one) AS rank
      FROM (${hits}) AS hits`;
  return sql`
    SELECT matches.user_id, max(matches.listed_at) AS listed_at, max(matches.rating_average) AS rating_average,
           max(matches.review_count) AS review_count, max(matches.hourly_rate_usd) AS hourly_rate_usd,
           max(matches.rank) AS rank
      FROM (SELECT * FROM (${rows}) AS matches ORDER BY ${sql.join(order, sql`, `)} LIMIT ${needed * lexemes}) AS matches
     GROUP BY matches.user_id`;
}

/**
 * The listed profiles of the type with a word under every prefix (`wordHits`), one row each
 * with what the sorts read and its rank (`ranked`), or their ids alone, from the word index
 * alone. A one-word search's rank is kept in the index (migration 0026): the largest of the
 * match's entries' ranks for the prefix's length, which is `ts_rank`'s. A search of several words
 * reads the match's entries under the prefixes, with their positions and weights: all of its
 * vector that `ts_rank` reads (it is not normalised by length). When the search's one word covers
 * one lexeme, a profile has one row under it: each row is a match, nothing is grouped; nor
 * are the ids a one-word search counts (`firstUnder`).
 */
function wordMatches(filters: DirectoryFilters, prefixes: string[], extra: SQL[], ranked = true): SQL {
  const [prefix, ...others] = prefixes;
  if (!ranked && others.length === 0) {
    const firsts = wordHits(filters, prefixes, [...extra, firstUnder(prefix!)], idColumns, false);
    return sql`SELECT hits.user_id FROM (${firsts}) AS hits`;
  }
  const hits = wordHits(filters, prefixes, extra, ranked ? hitColumns(others.length > 0) : idColumns);
  if (filters.lexemes?.length === 1) {
    const columns = ranked
      ? sql`hits.user_id, hits.listed_at, hits.rating_average, hits.review_count, hits.hourly_rate_usd, hits.rank_one AS rank`
      : sql`hits.user_id`;
    return sql`SELECT ${columns} FROM (${hits}) AS hits`;
  }
  const rank =
    others.length === 0
      ? sql`max(coalesce(hits.run_ranks[${[...prefix!].length}::int], hits.rank_one))`
      : sql`ts_rank(string_agg(hits.entry, ' ')::tsvector, ${prefixQuery(filters.words)})`;
  const columns = ranked
    ? sql`hits.user_id, max(hits.listed_at) AS listed_at, max(hits.rating_average) AS rating_average,
          max(hits.review_count) AS review_count, max(hits.hourly_rate_usd) AS hourly_rate_usd, ${rank} AS rank`
    : sql`hits.user_id`;
  // Every row of a one-word search is under its one prefix.
  const everyWord = others.length === 0 ? sql`` : sql`HAVING ${everyPrefix(prefixes, sql`hits.n`)}`;
  return sql`
    SELECT ${columns}
      FROM (${hits}) AS hits
     GROUP BY hits.user_id
    ${everyWord}`;
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
      // A rank is never null: NULLS LAST only writes the order as the word index's rank index has it.
      return words.length > 0
        ? [sql`${columns.rank(prefixQuery(words))} DESC NULLS LAST`, ...newest]
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

export type DirectoryRow = Awaited<ReturnType<typeof readDirectoryRows>>['rows'][number];

/** A business's headquarters, as its card shows it. */
export interface CardPlace {
  country: string;
  state: string | null;
  city: string;
}

/**
 * What a card shows beside its profile, read in the page's statement for each of its twenty rows
 * (one lookup each by a unique index), instead of in a second round trip: the picture's name (its
 * address is made from it), and a business's headquarters and plan standing (null on the free plan).
 */
const businessCardColumns = {
  imageName: uploadNameOf(profiles.imageId),
  headquarters: sql<CardPlace | null>`(SELECT json_build_object('country', ${businessLocations.country}, 'state', ${businessLocations.state}, 'city', ${businessLocations.city})
    FROM ${businessLocations} WHERE ${businessLocations.userId} = ${profiles.userId} AND ${businessLocations.isHeadquarters})`,
  standing: standingOf(profiles.userId),
};
/** A freelancer's card has a picture, but no headquarters or plan. */
const freelancerCardColumns = {
  imageName: uploadNameOf(profiles.imageId),
  headquarters: sql<CardPlace | null>`NULL::json`,
  standing: sql<PlanStanding | null>`NULL::json`,
};

/** One card of a directory's page. */
export type DirectoryCard = Awaited<ReturnType<typeof listedPage>>[number];

/** Conditions on a profile's id: `(userId) => [...]` for the profiles' column or the word index's. */
type IdConditions = (userId: SQLWrapper) => SQL[];
const noIds: IdConditions = () => [];

/**
 * One page of listed profiles in `sort`'s order, narrowed by `extra`, with the `sponsored` ids
 * first. The page's ids are cut first, from the word index for words it can answer (index only),
 * else from the profiles alone (the sort's index, often without reading a row; the text index and
 * the rank for words); the twenty cards with their accounts (and a business's headquarters and
 * plan standing) are joined to them in the same statement: joining the accounts before the page
 * is cut would join every match. By name, the order is the account's, so that one is cut from
 * the profiles joined to it.
 */
async function listedPage(
  db: Database,
  filters: DirectoryFilters,
  sort: DirectorySort,
  page: { limit: number; offset: number; extra?: IdConditions; sponsored?: string[] },
) {
  const { limit, offset, extra = noIds, sponsored = [] } = page;
  const first: IdConditions = (userId) =>
    sponsored.length > 0 ? amongIds(sponsored)(userId).map((among) => sql`${among} DESC`) : [];
  const prefixes = indexedPrefixes(filters);
  let ids: SQLWrapper;
  if (sort === 'name') {
    // By name, the order is the account's, so the page is cut from the profiles joined to it.
    ids = db
      .select({ userId: profiles.userId })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(...conditions(filters), ...extra(profiles.userId)))
      .orderBy(...first(profiles.userId), ...orderOf(sort, filters.words))
      .limit(limit)
      .offset(offset);
  } else if (prefixes) {
    if (prefixMissing(filters, prefixes)) return [];
    const order = orderOf(sort, filters.words, matchSort);
    const needed = offset + limit;
    // The matches the page is cut from (their candidates, when ranked from a few rows), the
    // sponsored ones first or not.
    const matches = (more: SQL[], sponsoredFirst: boolean) =>
      prefixes.length === 1 && (filters.lexemes?.length ?? 0) > 1
        ? rankedCandidates(
            filters,
            prefixes[0]!,
            [...extra(words_.userId), ...more],
            sponsoredFirst ? [...first(matchSort.userId), ...order] : order,
            needed,
            sort === 'relevance' && !sponsoredFirst,
          )
        : wordMatches(filters, prefixes, [...extra(words_.userId), ...more]);
    if (sponsored.length > 0 && sort === 'relevance' && prefixes.length === 1 && filters.lexemes) {
      // A word's matches are read from the rank index (`rankedCandidates` for several lexemes):
      // the sponsored ones and the others each as far as the page reaches.
      const part = (more: SQL[], place: number) =>
        sql`(SELECT matches.*, ${place}::int AS part FROM (${matches(more, false)}) AS matches
              ORDER BY ${sql.join(order, sql`, `)} LIMIT ${needed})`;
      ids = sql`SELECT user_id FROM (${part(amongIds(sponsored)(words_.userId), 0)}
                 UNION ALL ${part(notAmongIds(sponsored)(words_.userId), 1)}) AS matches
         ORDER BY matches.part, ${sql.join(order, sql`, `)}
         LIMIT ${limit} OFFSET ${offset}`;
    } else {
      const ordered = [...first(matchSort.userId), ...order];
      ids = sql`SELECT user_id FROM (${matches([], sponsored.length > 0)}) AS matches
         ORDER BY ${sql.join(ordered, sql`, `)}
         LIMIT ${limit} OFFSET ${offset}`;
    }
  } else {
    ids = db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(...conditions(filters), ...extra(profiles.userId)))
      .orderBy(...first(profiles.userId), ...orderOf(sort, filters.words))
      .limit(limit)
      .offset(offset);
  }
  // The cards in the page's order (an array keeps it: an IN list does not).
  const cardColumns = filters.accountType === 'business' ? businessCardColumns : freelancerCardColumns;
  return db
    .select({ ...directoryColumns, ...cardColumns })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(
      sql`unnest(ARRAY(${ids})) WITH ORDINALITY AS page(user_id, place)`,
      sql`page.user_id = ${profiles.userId}`,
    )
    .orderBy(sql`page.place`);
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
  if (prefixMissing(filters, prefixes)) return 0;
  const result = await db.execute(
    sql`SELECT count(*) AS total FROM (${wordMatches(filters, prefixes, extra, false)}) AS matches`,
  );
  const [row] = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(row?.total ?? 0);
}

/**
 * One page of the directory in `sort`'s order. For businesses, the sponsored ones (Featured plan,
 * paid now) that match come first: the page is cut from the sponsored matches, then from the
 * others, each read in `sort`'s order, so the others still walk the sort's index (skipping the few
 * sponsored ids) and stop at the page's end instead of ordering every match by the plan first.
 * How many sponsored businesses match is counted for the later pages only: the first page ends
 * inside the sponsored matches or shows where they end. `sponsoredIds` are the businesses
 * sponsored now (none for freelancers).
 */
export async function listDirectory(
  db: Database,
  filters: DirectoryFilters,
  sort: DirectorySort,
  page: { number: number; size: number; sponsoredIds: string[] },
): Promise<DirectoryCard[]> {
  const { sponsoredIds, size: pageSize } = page;
  const offset = (page.number - 1) * pageSize;
  if (filters.accountType !== 'business') return listedPage(db, filters, sort, { limit: pageSize, offset });
  if (filters.words.length > 0 && sort === 'relevance') {
    // One statement ranks them, sponsored first: a word's sponsored matches and its others are
    // each read from the rank index as far as the page reaches; several words rank every match.
    return listedPage(db, filters, sort, { limit: pageSize, offset, sponsored: sponsoredIds });
  }
  // The first page needs no count: it ends inside the sponsored matches or shows where they end.
  const counted = offset === 0 ? undefined : await countSponsored(db, filters, sponsoredIds);
  const sponsored =
    sponsoredIds.length > 0 && (counted === undefined || offset < counted)
      ? await listedPage(db, filters, sort, { limit: pageSize, offset, extra: amongIds(sponsoredIds) })
      : [];
  const sponsoredTotal = counted ?? sponsored.length;
  const others =
    sponsored.length < pageSize
      ? await listedPage(db, filters, sort, {
          limit: pageSize - sponsored.length,
          offset: Math.max(0, offset - sponsoredTotal),
          extra: notAmongIds(sponsoredIds),
        })
      : [];
  return [...sponsored, ...others];
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

/** The headquarters of each business of a list (the site search's). */
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
