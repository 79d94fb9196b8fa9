/**
 * Text search, shared by the job board, the directories, the site search and the catalogue:
 * one normal form for names, and the words and prefix query PostgreSQL full-text search takes.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * The one normal form search compares: lower case, accents stripped, punctuation turned into
 * single spaces (so `Node.js` and `node js` meet), keeping `+` and `#` that tell C, C++ and C#
 * apart. The data migration stores names in this form and queries are put in it before they
 * reach SQL, which also keeps LIKE's wildcards and escapes out of user input.
 */
export function searchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}

/** Words of a search as PostgreSQL sees them: letters and digits only, so no query syntax gets through. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Every word as a prefix, all required: `power bi` finds "Power BI dashboards". */
export const prefixQuery = (words: string[]): SQL =>
  sql`to_tsquery('english', ${words.map((word) => `${word}:*`).join(' & ')})`;

/** One prefix of a query as PostgreSQL prints it: `'dashboard':*`. */
const PREFIX_TERM = /^'((?:[^']|'')+)':\*$/;

/**
 * The prefixes of a query as PostgreSQL prints it (`'dashboard':* & 'power':*`), all required;
 * null when it is anything else (no words left after the stop words, or a word the parser splits
 * into a phrase), which the full-text indexes answer instead. The word indexes (the board's and
 * the directories') answer a query of prefixes.
 */
export function prefixesOf(query: string): string[] | null {
  const prefixes = query.split(' & ').map((term) => PREFIX_TERM.exec(term)?.[1]?.replaceAll("''", "'"));
  return prefixes.every((prefix): prefix is string => prefix !== undefined) ? prefixes : null;
}

/** The prefixes as rows `query(prefix, n)`, which a word index joins on `underPrefix`. */
export const prefixRows = (prefixes: string[]): SQL =>
  sql`unnest(ARRAY[${sql.join(
    prefixes.map((prefix) => sql`${prefix}`),
    sql`, `,
  )}]::text[]) WITH ORDINALITY AS query(prefix, n)`;

/**
 * A lexeme (a byte-ordered column) under the row's prefix: one range of an index on it (the
 * bound is the largest character, the test exact).
 */
export const underPrefix = (lexeme: SQLWrapper): SQL =>
  sql`${lexeme} >= query.prefix COLLATE "C" AND ${lexeme} < (query.prefix || chr(1114111)) COLLATE "C" AND starts_with(${lexeme}, query.prefix)`;

/**
 * In a group of rows each with the number `n` of the prefix it is under (`query.n` when joined on
 * `underPrefix`), every prefix present: one bit per prefix (a search has at most twelve words),
 * an aggregate that needs no sort, unlike counting distinct prefixes.
 */
export const everyPrefix = (prefixes: string[], n: SQL = sql`query.n`): SQL =>
  sql`bit_or(1 << (${n}::int - 1)) = ${sql.raw(String(2 ** prefixes.length - 1))}`;

/** A lexeme under the `n`th prefix of a search (counted from 1). */
export interface PrefixLexeme {
  n: number;
  lexeme: string;
}

/** A search's words as the text search stems them, with the lexemes a word index holds under them. */
export interface StemmedWords {
  /** What the `alongside` test read in the same statement: false when there was none (or no words). */
  alongside: boolean;
  /** The words' query as the text search stems it, as prefixes (`prefixesOf`): null when it is not one. */
  prefixes: string[] | null;
  /** Under the prefixes, at most the limit asked in all: null when there are more (or no prefixes). */
  lexemes: PrefixLexeme[] | null;
}

/**
 * Most lexemes a search's prefixes may cover to be read lexeme by lexeme from a word index: a
 * broader prefix (a word's first letters) is read as one range of the index instead.
 */
export const MERGED_LEXEMES = 32;

/**
 * Ranges of a word index, each read in `order` as its index keeps it, merged in that order: the
 * ordered union below the fence (OFFSET 0) asks PostgreSQL to merge them (Merge Append) instead
 * of sorting their rows; without it the planner, which cannot know how many rows the union
 * holds, would hash or sort them. `order` names the ranges' output columns.
 */
export const mergedRanges = (ranges: SQL[], order: SQL): SQL =>
  sql`SELECT * FROM (${sql.join(
    ranges.map((range) => sql`(${range} ORDER BY ${order})`),
    sql` UNION ALL `,
  )}) AS ranges ORDER BY ${order} OFFSET 0`;

/**
 * Ranges of a word index in no order (UNION ALL), for rows that are counted or grouped: each
 * range is its own scan, whose size the planner knows from the lexeme's statistics.
 */
export const appendedRanges = (ranges: SQL[]): SQL =>
  sql.join(
    ranges.map((range) => sql`(${range})`),
    sql` UNION ALL `,
  );

/** Whether a search's lexemes (`lexemesUnder`) include one under each of its prefixes. */
export const everyPrefixFound = (prefixes: string[], lexemes: PrefixLexeme[]): boolean =>
  prefixes.every((_, at) => lexemes.some((found) => found.n === at + 1));

/** `PREFIX_TERM` unanchored, for PostgreSQL to find each term of a query. */
const PREFIX_TERMS = PREFIX_TERM.source.slice(1, -1);

/**
 * The words' prefixes (their stemmed query's, `prefixesOf`) and the distinct lexemes of a word index
 * under each, in one statement: the statement stems the words and reads the terms out of the
 * query as `prefixesOf` does, so a search needs no round trip to stem its words first. Each lexeme
 * is found by one descent of the index from the one before, not by reading the entries under the
 * prefix. `table` has the byte-ordered `lexeme` column and `scope` narrows it to the index's
 * leading columns. `alongside`, a boolean the caller needs with them (whether anything matches the
 * words at all, say), is read in the same statement, which saves a search a statement of its own.
 */
export async function lexemesUnder(
  db: Database,
  table: { lexeme: SQLWrapper; table: SQLWrapper },
  scope: SQL,
  words: string[],
  options: { limit?: number; alongside?: SQL } = {},
): Promise<StemmedWords> {
  const { limit = MERGED_LEXEMES, alongside = sql`FALSE` } = options;
  if (words.length === 0) return { alongside: false, prefixes: null, lexemes: null };
  const next = (after: SQL, prefix: SQL) =>
    sql`(SELECT min(${table.lexeme}) FROM ${table.table}
          WHERE ${scope} AND ${table.lexeme} ${after} AND ${table.lexeme} < (${prefix} || chr(1114111)) COLLATE "C")`;
  const result = await db.execute(sql`
    WITH RECURSIVE stemmed AS MATERIALIZED (SELECT ${prefixQuery(words)}::text AS query),
    query(prefix, n) AS MATERIALIZED (
      SELECT replace(term.found[1], ${"''"}, ${"'"}), term.n
        FROM stemmed, regexp_matches(stemmed.query, ${PREFIX_TERMS}, 'g') WITH ORDINALITY AS term(found, n)
    ),
    found(n, prefix, lexeme, k) AS (
      SELECT query.n::int, query.prefix, ${next(sql`>= query.prefix COLLATE "C"`, sql`query.prefix`)}, 1
        FROM query
      UNION ALL
      SELECT found.n, found.prefix, ${next(sql`> found.lexeme COLLATE "C"`, sql`found.prefix`)}, found.k + 1
        FROM found
       WHERE found.lexeme IS NOT NULL AND found.k <= ${limit}
    )
    SELECT 0 AS n, stemmed.query AS lexeme, (${alongside}) AS alongside FROM stemmed
    UNION ALL
    (SELECT n, lexeme, NULL FROM found WHERE lexeme IS NOT NULL AND starts_with(lexeme, prefix) LIMIT ${limit + 1})`);
  const rows = (result as unknown as { rows: { n: number | string; lexeme: string; alongside: boolean | null }[] })
    .rows;
  // The query's own row says whether it is prefixes alone, and carries the test; its terms' lexemes follow.
  const own = rows.find((row) => Number(row.n) === 0);
  const prefixes = prefixesOf(own?.lexeme ?? '');
  const found = rows.filter((row) => Number(row.n) > 0);
  const answer = { alongside: own?.alongside === true, prefixes };
  if (!prefixes || found.length > limit) return { ...answer, lexemes: null };
  return { ...answer, lexemes: found.map((row) => ({ n: Number(row.n), lexeme: row.lexeme })) };
}
