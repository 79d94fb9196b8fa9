import { and, count, eq, getTableColumns, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
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
import { profiles, serviceRequestWords, serviceRequests, users, type ServiceRequestRow } from '../../db/schema';

/** The job board's reads: public requests (open or in-review, not past their closing time). */

export type BoardSort = 'newest' | 'oldest' | 'budget-high' | 'budget-low' | 'relevance';

export interface BoardFilters {
  /** Normalised search words; empty for no text. */
  words: string[];
  /** Only these families (a provider's own); undefined for every family. */
  families?: string[];
  family?: string;
  subFamily?: string;
  /** Bounds already converted to USD. */
  budgetUsdMin?: number;
  budgetUsdMax?: number;
  projectDuration?: string;
  paymentType?: string;
  postedSince?: Date;
  now: Date;
  /**
   * The words' lexeme prefixes as the text search stems them (`dashboards` → `dashboard`), when
   * every word is one prefix: then the word index answers the counts and the relevance window.
   */
  prefixes?: string[];
  /**
   * The word index's lexemes under those prefixes (`wordMatchFacts`), when they are few: then
   * each is read as its own range of the index, already newest first, and the ranges are merged.
   */
  lexemes?: PrefixLexeme[];
}

/** How text matched: the full-text index, or the trigram fallback when it found nothing. */
export type TextMatch = 'none' | 'words' | 'similar';

/**
 * What the board's cards read of a request: every column but the search text and vector and the
 * idempotency record, which are large or private and would be sent and parsed for every row.
 */
const {
  searchText: _searchText,
  searchVector: _searchVector,
  idempotencyKey: _idempotencyKey,
  idempotencyHash: _idempotencyHash,
  ...boardColumns
} = getTableColumns(serviceRequests);
export type BoardRow = Omit<ServiceRequestRow, 'searchText' | 'searchVector' | 'idempotencyKey' | 'idempotencyHash'> & {
  /** What the card says about the client, when the page was read with it. */
  client?: ClientFacts;
};

const wordsColumn = sql`lower(${serviceRequests.title} || ' ' || ${serviceRequests.searchText})`;

/** A typo still finds the request: word similarity against the title, family and tool names. */
const SIMILARITY_THRESHOLD = 0.5;

const isPublic = (now: Date): SQL =>
  and(
    // Written as the partial indexes' predicate so the planner can use them.
    sql`${serviceRequests.status} in ('open', 'in-review')`,
    or(sql`${serviceRequests.closesAt} IS NULL`, sql`${serviceRequests.closesAt} > ${now.toISOString()}`),
  )!;

function textCondition(words: string[], match: TextMatch): SQL | undefined {
  if (match === 'words') return sql`${serviceRequests.searchVector} @@ ${prefixQuery(words)}`;
  if (match === 'similar') return sql`${words.join(' ')} <% ${wordsColumn}`;
  return undefined;
}

/** The filtered columns: the requests and the word index have them under the same names. */
type FilterColumns = Pick<
  typeof serviceRequests | typeof serviceRequestWords,
  'family' | 'subFamily' | 'budgetUsdLow' | 'budgetUsdHigh' | 'projectDuration' | 'paymentType' | 'createdAt'
>;

/** The filters but the words, the public test and the family ones, on either table's columns. */
function filterConditions(filters: BoardFilters, table: FilterColumns): SQL[] {
  const conditions: SQL[] = [];
  if (filters.families) conditions.push(inArray(table.family, filters.families));
  if (filters.budgetUsdMin !== undefined) {
    conditions.push(isNotNull(table.budgetUsdHigh), gte(table.budgetUsdHigh, filters.budgetUsdMin));
  }
  if (filters.budgetUsdMax !== undefined) {
    conditions.push(isNotNull(table.budgetUsdLow), lte(table.budgetUsdLow, filters.budgetUsdMax));
  }
  if (filters.projectDuration) conditions.push(eq(table.projectDuration, filters.projectDuration));
  if (filters.paymentType) conditions.push(eq(table.paymentType, filters.paymentType));
  if (filters.postedSince) conditions.push(gte(table.createdAt, filters.postedSince));
  return conditions;
}

/** Every condition but the family ones, which the facets count across. */
function sharedConditions(filters: BoardFilters, match: TextMatch): SQL[] {
  const conditions: (SQL | undefined)[] = [isPublic(filters.now), textCondition(filters.words, match)];
  return [...conditions.filter((c): c is SQL => c !== undefined), ...filterConditions(filters, serviceRequests)];
}

function familyConditions(filters: BoardFilters, table: FilterColumns = serviceRequests): SQL[] {
  const conditions: SQL[] = [];
  if (filters.family) conditions.push(eq(table.family, filters.family));
  if (filters.subFamily) conditions.push(eq(table.subFamily, filters.subFamily));
  return conditions;
}

/**
 * Null ordering spelled out as the index has it (`DESC NULLS LAST`; read backwards for oldest
 * first), or PostgreSQL cannot walk the index and sorts every public request instead.
 */
function orderOf(sort: BoardSort, words: string[], match: TextMatch): SQL[] {
  const newest = [sql`${serviceRequests.createdAt} DESC NULLS LAST`, sql`${serviceRequests.id} DESC NULLS LAST`];
  switch (sort) {
    case 'oldest':
      return [sql`${serviceRequests.createdAt} ASC NULLS FIRST`, sql`${serviceRequests.id} ASC NULLS FIRST`];
    // As the budget indexes have it.
    case 'budget-high':
      return [sql`${serviceRequests.budgetUsdHigh} DESC NULLS LAST`, ...newest];
    case 'budget-low':
      return [sql`${serviceRequests.budgetUsdHigh} ASC NULLS LAST`, ...newest];
    case 'relevance':
      if (match === 'words')
        return [sql`ts_rank_cd(${serviceRequests.searchVector}, ${prefixQuery(words)}) DESC`, ...newest];
      if (match === 'similar') return [sql`word_similarity(${words.join(' ')}, ${wordsColumn}) DESC`, ...newest];
      return newest;
    default:
      return newest;
  }
}

/** The trigram operator's threshold is a setting: set it for this transaction only. */
function withSimilarity<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true)`,
    );
    return run(tx as unknown as Database);
  });
}

export interface FacetRow {
  family: string;
  subFamily: string | null;
  count: number;
}

/** Counts per family and sub-family under every filter but those two. */
export async function countByFamily(db: Database, filters: BoardFilters, match: TextMatch): Promise<FacetRow[]> {
  if (match === 'words' && filters.prefixes) {
    const [prefix, ...others] = filters.prefixes;
    const matches =
      others.length === 0 ? firstEntries(filters, prefix!) : wordMatches(filters, filters.prefixes, false);
    const result = await db.execute(sql`
      SELECT family, sub_family, count(*) AS count
        FROM (${matches}) AS matches
       GROUP BY family, sub_family`);
    const { rows } = result as unknown as { rows: { family: string; sub_family: string | null; count: string }[] };
    return rows.map((row) => ({ family: row.family, subFamily: row.sub_family, count: Number(row.count) }));
  }
  const read = (tx: Database) =>
    tx
      .select({ family: serviceRequests.family, subFamily: serviceRequests.subFamily, count: count() })
      .from(serviceRequests)
      .where(and(...sharedConditions(filters, match)))
      .groupBy(serviceRequests.family, serviceRequests.subFamily);
  const rows = match === 'similar' ? await withSimilarity(db, read) : await read(db);
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/**
 * Whether any public request matches the words through the full-text index, the words' prefixes
 * (null when the word index cannot answer them) and the word index's lexemes under them (null
 * when they are many, or when a prefix has none): one statement.
 */
export async function wordMatchFacts(
  db: Database,
  filters: BoardFilters,
): Promise<{ any: boolean; prefixes: string[] | null; lexemes: PrefixLexeme[] | null }> {
  const stemmed = await lexemesUnder(
    db,
    { table: serviceRequestWords, lexeme: serviceRequestWords.lexeme },
    sql`TRUE`,
    filters.words,
    { alongside: sql`EXISTS (${firstWordMatch(db, filters)})` },
  );
  const { prefixes, lexemes } = stemmed;
  // Lexemes that miss a prefix (a word in no request) are not kept: nothing matches every word,
  // and the prefixes' ranges say so.
  const complete = prefixes !== null && lexemes !== null && everyPrefixFound(prefixes, lexemes);
  return { any: stemmed.alongside, prefixes, lexemes: complete ? lexemes : null };
}

/** Whether any public request matches the words through the full-text index. */
export async function anyWordMatch(db: Database, filters: BoardFilters): Promise<boolean> {
  return (await firstWordMatch(db, filters)).length > 0;
}

/** A public request matching the words through the full-text index, if any. */
const firstWordMatch = (db: Database, filters: BoardFilters) =>
  db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(isPublic(filters.now), textCondition(filters.words, 'words')))
    .limit(1);

const words_ = serviceRequestWords;

/**
 * The board's filters on the word index's entries, the family ones included when asked; only
 * public requests have entries, so the closing time is the rest of the public test.
 */
function wordConditions(filters: BoardFilters, withFamilies: boolean): SQL {
  return and(
    sql`(${words_.closesAt} IS NULL OR ${words_.closesAt} > ${filters.now.toISOString()})`,
    ...filterConditions(filters, words_),
    ...(withFamilies ? familyConditions(filters, words_) : []),
  )!;
}

/**
 * The matches of a one-word search, one entry each, from the word index alone: a request's first
 * entry under the prefix, the one sharing fewer characters with the request's lexeme before it
 * than the prefix has (`shared_chars`, migration 0028). So they are counted as they are read, not
 * grouped by request, from the count index (lexeme, shared_chars, with the filtered columns but
 * not the entries): each lexeme's first entries are one range of it when the lexemes are known
 * (whose sizes the planner knows from the column's statistics), else the prefix's range is read.
 */
function firstEntries(filters: BoardFilters, prefix: string): SQL {
  const where = sql`${wordConditions(filters, false)} AND ${words_.sharedChars} < ${[...prefix].length}::int`;
  const columns = sql`${words_.family} AS family, ${words_.subFamily} AS sub_family`;
  if (filters.lexemes) {
    return appendedRanges(
      filters.lexemes.map(
        ({ lexeme }) =>
          sql`SELECT ${columns} FROM ${serviceRequestWords} WHERE ${words_.lexeme} = ${lexeme} COLLATE "C" AND ${where}`,
      ),
    );
  }
  return sql`
    SELECT ${columns}
      FROM ${prefixRows([prefix])}
      JOIN ${serviceRequestWords} ON ${underPrefix(words_.lexeme)}
     WHERE ${where}`;
}

/** What a search's rows of the word index carry. */
const hitColumns = sql`${words_.requestId} AS request_id, ${words_.createdAt} AS created_at,
  ${words_.family} AS family, ${words_.subFamily} AS sub_family, ${words_.entry} AS entry, ${words_.rankOne} AS rank_one`;

/** The order of a lexeme's range of the word index's search index: newest first. */
const newestEntries = sql`created_at DESC, request_id DESC`;

/**
 * The word index's entries under the prefixes, with the number `n` of the prefix each is under:
 * each lexeme's range of the search index when the lexemes are known, else each prefix's range.
 * A lexeme's range is already newest first; asked for that order (`newestFirst`), the ranges are
 * merged in it (`mergedRanges`), so a limit above reads each only as far as it reaches.
 */
function wordHits(filters: BoardFilters, prefixes: string[], withFamilies: boolean, newestFirst = false): SQL {
  const where = wordConditions(filters, withFamilies);
  if (!filters.lexemes) {
    return sql`
      SELECT ${hitColumns}, query.n::int AS n
        FROM ${prefixRows(prefixes)}
        JOIN ${serviceRequestWords} ON ${underPrefix(words_.lexeme)}
       WHERE ${where}`;
  }
  const range = ({ n, lexeme }: PrefixLexeme) =>
    sql`SELECT ${hitColumns}, ${n}::int AS n FROM ${serviceRequestWords}
         WHERE ${words_.lexeme} = ${lexeme} COLLATE "C" AND ${where}`;
  if (filters.lexemes.length === 1) return range(filters.lexemes[0]!);
  return newestFirst
    ? mergedRanges(filters.lexemes.map(range), newestEntries)
    : appendedRanges(filters.lexemes.map(range));
}

/** Whether a search's one prefix covers one lexeme: each match is then one entry, ranked already (`rank_one`). */
const oneEntryEach = (filters: BoardFilters, prefixes: string[]): boolean =>
  prefixes.length === 1 && filters.lexemes?.length === 1;

/**
 * The public requests that have a word under every prefix, one row each, from the word index
 * alone, with their entries under the prefixes (`document`). A search whose one prefix covers one
 * lexeme has one entry per request: each is a match, nothing is grouped. When only the newest
 * `reach` matches are needed and every entry is a match (one prefix), the lexemes' merged ranges
 * bring each request's entries together (one per lexeme at most), so the first `reach` × lexemes
 * entries hold those matches whole: only they are grouped, not every match.
 */
function wordMatches(filters: BoardFilters, prefixes: string[], withFamilies: boolean, reach?: number): SQL {
  const lexemes = filters.lexemes?.length ?? 0;
  if (oneEntryEach(filters, prefixes)) {
    return sql`SELECT hits.request_id, hits.created_at, hits.family, hits.sub_family, hits.entry AS document,
                      hits.rank_one
      FROM (${wordHits(filters, prefixes, withFamilies)}) AS hits`;
  }
  const reached =
    prefixes.length === 1 && lexemes > 1 && reach !== undefined
      ? sql`${wordHits(filters, prefixes, withFamilies, true)} LIMIT ${reach * lexemes}`
      : wordHits(filters, prefixes, withFamilies);
  // Every entry of a one-prefix search is under its prefix.
  const everyWord = prefixes.length === 1 ? sql`` : sql`HAVING ${everyPrefix(prefixes, sql`hits.n`)}`;
  return sql`
    SELECT hits.request_id, max(hits.created_at) AS created_at, max(hits.family) AS family,
           max(hits.sub_family) AS sub_family, string_agg(hits.entry, ' ') AS document
      FROM (${reached}) AS hits
     GROUP BY hits.request_id
    ${everyWord}`;
}

export async function countMatching(db: Database, filters: BoardFilters, match: TextMatch): Promise<number> {
  const read = async (tx: Database) => {
    const [row] = await tx
      .select({ total: count() })
      .from(serviceRequests)
      .where(and(...sharedConditions(filters, match), ...familyConditions(filters)));
    return Number(row?.total ?? 0);
  };
  return match === 'similar' ? withSimilarity(db, read) : read(db);
}

/**
 * Relevance ranks the newest matches only: ranking every match of a common word on a large board
 * reads them all for every page. The order is the window by rank, then the older matches newest
 * first, so pages never overlap and every match is reachable.
 */
export const RELEVANCE_WINDOW = 1000;
/**
 * How many of the newest public requests the window's walk reads at most (an index-only scan of
 * the newest-words index): enough for words in one request in thirty to fill the window there.
 */
export const RELEVANCE_WALK = 30_000;
const RECENT_FIRST_MS = 3 * 24 * 60 * 60 * 1000;

/** The window's oldest match, where the matches after the window start (the time to the microsecond). */
interface WindowEdge {
  createdAt: string;
  id: string;
}

/** A page of the window by rank: its rows, how many matches the window holds, and its oldest. */
interface PageOfWindow {
  rows: BoardRow[];
  size: number;
  oldest: WindowEdge | null;
}

/** Whether the filters are the words alone: then the window can be read from the index entries. */
const wordsOnly = (filters: BoardFilters): boolean =>
  !filters.families &&
  !filters.family &&
  !filters.subFamily &&
  filters.budgetUsdMin === undefined &&
  filters.budgetUsdMax === undefined &&
  !filters.projectDuration &&
  !filters.paymentType &&
  !filters.postedSince;

/** One order for every way of reading a ranked window: by rank, then newest first. */
const RANK_ORDER = sql`rank DESC, created_at DESC, id DESC`;
/** The window's size and its oldest match (the time to the microsecond, as JSON writes it). */
const windowSize = sql`(SELECT count(*) FROM ranked)`;
const windowOldest = sql`(SELECT json_build_object('createdAt', created_at, 'id', id) FROM ranked
                           ORDER BY created_at, id LIMIT 1)`;
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** How many matches a window ranked in PostgreSQL holds, and its oldest: for a page past it. */
async function windowExtent(db: Database, window: SQL): Promise<Omit<PageOfWindow, 'rows'>> {
  const result = await db.execute(
    sql`WITH ranked AS (${window}) SELECT ${windowSize} AS size, ${windowOldest} AS oldest`,
  );
  const [row] = (result as unknown as { rows: { size: string | number; oldest: WindowEdge | string | null }[] }).rows;
  return { size: Number(row!.size), oldest: row!.oldest === null ? null : fromJson(row!.oldest) };
}

/**
 * A page of a window ranked in PostgreSQL: `window` yields the window's matches as
 * `(id, created_at, rank)`. The page's rows (with what their cards say about each client), the
 * window's size and its oldest match come back in one statement; a page with no rows (past the
 * window, or an empty window) cannot carry the last two, which are read then on their own.
 */
async function rankedRows(db: Database, window: SQL, page: { limit: number; offset: number }): Promise<PageOfWindow> {
  const ranked = db.$with('ranked', { id: sql<string>`id` }).as(window);
  const read = await db
    .with(ranked)
    .select({
      ...boardColumns,
      client: clientFactColumns,
      windowSize: sql<number>`${windowSize}`.mapWith(Number),
      windowOldest: sql<WindowEdge | string | null>`${windowOldest}`,
    })
    .from(serviceRequests)
    .innerJoin(
      sql`(SELECT id, rank, created_at FROM ranked ORDER BY ${RANK_ORDER}
           OFFSET ${page.offset} LIMIT ${page.limit}) AS page`,
      sql`page.id = ${serviceRequests.id}`,
    )
    .orderBy(sql`page.rank DESC`, sql`page.created_at DESC`, sql`page.id DESC`);
  if (read.length === 0) return { ...(await windowExtent(db, window)), rows: [] };
  const { windowSize: size, windowOldest: oldest } = read[0]!;
  const rows = read.map(({ windowSize: _size, windowOldest: _oldest, ...row }) => row);
  return { rows, size, oldest: oldest === null ? null : fromJson(oldest) };
}

/**
 * The window from the newest `walk` public requests: their entries in the newest-words index
 * carry the closing time and the words, so PostgreSQL tests the words on the index and reads no
 * request row. Only a complete window counts: the newest `window` matches among the newest
 * public requests are the newest matches of all.
 */
function walkedWindow(filters: BoardFilters, window: number, walk: number): SQL {
  const query = prefixQuery(filters.words);
  return sql`
    SELECT id, created_at, ts_rank_cd(words, ${query}) AS rank
      FROM (SELECT id, created_at, search_vector AS words
              FROM (SELECT id, created_at, closes_at, search_vector
                      FROM ${serviceRequests}
                     WHERE ${serviceRequests.status} in ('open', 'in-review')
                     ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
                     LIMIT ${walk}) AS newest
             WHERE (closes_at IS NULL OR closes_at > ${filters.now.toISOString()}) AND search_vector @@ ${query}
             ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
             LIMIT ${window}) AS newest_matches`;
}

async function listByRelevance(
  db: Database,
  filters: BoardFilters,
  options: { limit: number; offset: number; window: number; walk: number },
): Promise<BoardRow[]> {
  const where = and(...sharedConditions(filters, 'words'), ...familyConditions(filters));
  const newest = orderOf('newest', filters.words, 'words');
  const query = prefixQuery(filters.words);
  // The window first, then the rank of its rows only: the words are carried out of the window's
  // scan and ranked above its limit, so only the window's rows are ranked, with no second read.
  const textWindow = (since?: Date): SQL => {
    const newestMatches = db
      .select({ id: serviceRequests.id, createdAt: serviceRequests.createdAt, words: serviceRequests.searchVector })
      .from(serviceRequests)
      .where(since ? and(where, gte(serviceRequests.createdAt, since)) : where)
      .orderBy(...newest)
      .limit(options.window);
    return sql`SELECT id, created_at, ts_rank_cd(search_vector, ${query}) AS rank FROM (${newestMatches}) AS newest_matches`;
  };
  // The newest matches from the word index, ranked from their entries under the query's
  // prefixes, with their positions and weights: all of a vector that cover density reads (not
  // normalised by length). A match that is one entry has its rank already.
  const indexedWindow = (prefixes: string[]): SQL => {
    const ranked = oneEntryEach(filters, prefixes);
    return sql`
    SELECT request_id AS id, created_at,
           ${ranked ? sql`rank_one` : sql`ts_rank_cd(document::tsvector, ${query})`} AS rank
      FROM (SELECT request_id, created_at, ${ranked ? sql`rank_one` : sql`document`}
              FROM (${wordMatches(filters, prefixes, true, options.window)}) AS matches
             ORDER BY created_at DESC, request_id DESC
             LIMIT ${options.window}) AS newest_matches`;
  };
  const page = { limit: options.limit, offset: options.offset };
  const ranked = await (async (): Promise<PageOfWindow> => {
    // With its lexemes known, the word index reads the newest matches as far as the window.
    if (filters.prefixes && (filters.lexemes || !wordsOnly(filters))) {
      return rankedRows(db, indexedWindow(filters.prefixes), page);
    }
    if (wordsOnly(filters)) {
      // The words alone: the bounded walk of the newest requests fills the window of a common
      // word; a rarer one has few matches, which the word index (or the text index) finds.
      const walked = await rankedRows(db, walkedWindow(filters, options.window, options.walk), page);
      if (walked.size === options.window) return walked;
      return rankedRows(db, filters.prefixes ? indexedWindow(filters.prefixes) : textWindow(), page);
    }
    // A common word fills the window from the last few days, which PostgreSQL reads by
    // intersecting the text and date indexes instead of visiting every match; only a rarer one
    // needs the rest.
    const recent = await rankedRows(db, textWindow(new Date(filters.now.getTime() - RECENT_FIRST_MS)), page);
    return recent.size === options.window ? recent : rankedRows(db, textWindow(), page);
  })();
  const { limit, offset } = options;
  const pageRows = ranked.rows;
  if (ranked.size < options.window || pageRows.length === limit || !ranked.oldest) return pageRows;
  // Past the window: the remaining matches, newest first, after the window's oldest.
  const { oldest } = ranked;
  const rest = await db
    .select(boardColumns)
    .from(serviceRequests)
    .where(
      and(
        where,
        sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (${oldest.createdAt}::timestamptz, ${oldest.id}::uuid)`,
      ),
    )
    .orderBy(...newest)
    .limit(limit - pageRows.length)
    .offset(Math.max(0, offset - options.window));
  return [...pageRows, ...rest];
}

export function listMatching(
  db: Database,
  filters: BoardFilters,
  match: TextMatch,
  options: { sort: BoardSort; limit: number; offset: number; window?: number; walk?: number },
): Promise<BoardRow[]> {
  if (options.sort === 'relevance' && match === 'words') {
    return listByRelevance(db, filters, {
      ...options,
      window: options.window ?? RELEVANCE_WINDOW,
      walk: options.walk ?? RELEVANCE_WALK,
    });
  }
  const read = (tx: Database) =>
    tx
      .select(boardColumns)
      .from(serviceRequests)
      .where(and(...sharedConditions(filters, match), ...familyConditions(filters)))
      .orderBy(...orderOf(options.sort, filters.words, match))
      .limit(options.limit)
      .offset(options.offset);
  return match === 'similar' ? withSimilarity(db, read) : read(db);
}

export async function findPublicByRefId(db: Database, refId: string, now: Date): Promise<ServiceRequestRow | null> {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.refId, refId), isPublic(now)));
  return row ?? null;
}

export interface ClientFacts {
  /** The country of the client's personal details, null until they are saved. */
  country: string | null;
  memberSince: Date;
  requestsPosted: number;
  requestsAwarded: number;
}

/**
 * What a card says about a request's client, read with the request, one lookup each by the
 * client's id: for rows read by id (each subquery then runs for those rows only). The outer
 * row's client is named in full: drizzle writes a lone table's columns unqualified, which inside
 * a subquery on the same table would name the subquery's own rows.
 */
const outerClient = sql`${sql.identifier('service_requests')}.${sql.identifier('client_id')}`;
const clientFactColumns = {
  country: sql<string | null>`(SELECT p.sections -> 'personalDetails' -> 'data' ->> 'country'
                                 FROM ${profiles} AS p WHERE p.user_id = ${outerClient})`,
  memberSince: sql<Date>`(SELECT u.created_at FROM ${users} AS u WHERE u.id = ${outerClient})`.mapWith(users.createdAt),
  requestsPosted: sql<number>`(SELECT count(*) FROM ${serviceRequests} AS posted
                                WHERE posted.client_id = ${outerClient})`.mapWith(Number),
  requestsAwarded: sql<number>`(SELECT count(*) FROM ${serviceRequests} AS awarded
                                 WHERE awarded.client_id = ${outerClient}
                                   AND awarded.status in ('awarded', 'completed'))`.mapWith(Number),
};

/**
 * What the board says about each request's client: their country, when they joined and how
 * many requests they posted and awarded; by request id, in one query.
 */
export async function clientFacts(db: Database, requestIds: string[]): Promise<Map<string, ClientFacts>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ id: serviceRequests.id, client: clientFactColumns })
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, requestIds));
  return new Map(rows.map((row) => [row.id, row.client]));
}
