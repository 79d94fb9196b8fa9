import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  catalogueCountries,
  catalogueCountryStates,
  catalogueCurrencies,
  catalogueEstimatedBudgets,
  catalogueLanguages,
  catalogueOptions,
  catalogueServiceFamilies,
  catalogueServiceSubFamilies,
  catalogueTools,
} from '../../db/schema';

export interface ToolRow {
  id: number;
  slug: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  categoryPosition: number;
}

export type SearchHitKind = 'service-family' | 'service-sub-family' | 'tool';

export interface SearchHitRow {
  kind: SearchHitKind;
  id: number;
  slug: string;
  name: string;
  /** The family of a sub-family, the category of a tool; null for a family. */
  familySlug: string | null;
  familyName: string | null;
}

/**
 * Every active family with its active sub-families, both in display order; with `withInactive`,
 * the families and sub-families taken out of the data files too (`active` and `subActive` say
 * which), for reading back answers stored while they were offered.
 */
export const listServiceFamilies = (db: Database, { withInactive = false } = {}) =>
  db
    .select({
      id: catalogueServiceFamilies.id,
      slug: catalogueServiceFamilies.slug,
      name: catalogueServiceFamilies.name,
      description: catalogueServiceFamilies.description,
      icon: catalogueServiceFamilies.icon,
      servicesPage: catalogueServiceFamilies.servicesPage,
      subId: catalogueServiceSubFamilies.id,
      subSlug: catalogueServiceSubFamilies.slug,
      subName: catalogueServiceSubFamilies.name,
      subDescription: catalogueServiceSubFamilies.description,
      active: catalogueServiceFamilies.active,
      subActive: catalogueServiceSubFamilies.active,
    })
    .from(catalogueServiceFamilies)
    .leftJoin(
      catalogueServiceSubFamilies,
      and(
        eq(catalogueServiceSubFamilies.familyId, catalogueServiceFamilies.id),
        withInactive ? undefined : eq(catalogueServiceSubFamilies.active, true),
      ),
    )
    .where(withInactive ? undefined : eq(catalogueServiceFamilies.active, true))
    .orderBy(asc(catalogueServiceFamilies.position), asc(catalogueServiceSubFamilies.position));

const optionColumns = { id: catalogueOptions.id, slug: catalogueOptions.slug, label: catalogueOptions.label };

/** A list's active options in order; with `withInactive`, the ones taken out of the data files too. */
export const listOptions = (db: Database, list: string, { withInactive = false } = {}) =>
  db
    .select(optionColumns)
    .from(catalogueOptions)
    .where(and(eq(catalogueOptions.list, list), withInactive ? undefined : eq(catalogueOptions.active, true)))
    .orderBy(asc(catalogueOptions.position));

export const listEstimatedBudgets = (db: Database, { withInactive = false } = {}) =>
  db
    .select({
      id: catalogueEstimatedBudgets.id,
      slug: catalogueEstimatedBudgets.slug,
      label: catalogueEstimatedBudgets.label,
      min: catalogueEstimatedBudgets.min,
      max: catalogueEstimatedBudgets.max,
      currency: catalogueEstimatedBudgets.currency,
    })
    .from(catalogueEstimatedBudgets)
    .where(withInactive ? undefined : eq(catalogueEstimatedBudgets.active, true))
    .orderBy(asc(catalogueEstimatedBudgets.position));

export const listCurrencies = (db: Database) =>
  db
    .select({
      code: catalogueCurrencies.code,
      name: catalogueCurrencies.name,
      symbol: catalogueCurrencies.symbol,
      minorUnits: catalogueCurrencies.minorUnits,
    })
    .from(catalogueCurrencies)
    .orderBy(asc(catalogueCurrencies.position));

/** A tool with the family it is filed under, as lists and searches answer it. */
const TOOL_COLUMNS = {
  id: catalogueTools.id,
  slug: catalogueTools.slug,
  name: catalogueTools.name,
  categorySlug: catalogueServiceFamilies.slug,
  categoryName: catalogueServiceFamilies.name,
  categoryPosition: catalogueServiceFamilies.position,
};

/** Active tools with their category, by name (case-insensitive); with `withInactive`, retired ones too. */
export const listTools = (db: Database, { withInactive = false } = {}): Promise<ToolRow[]> =>
  db
    .select(TOOL_COLUMNS)
    .from(catalogueTools)
    .innerJoin(catalogueServiceFamilies, eq(catalogueServiceFamilies.id, catalogueTools.categoryId))
    .where(withInactive ? undefined : eq(catalogueTools.active, true))
    .orderBy(sql`lower(${catalogueTools.name})`, asc(catalogueTools.id));

export const listCountries = (db: Database) =>
  db
    .select({
      code: catalogueCountries.code,
      name: catalogueCountries.name,
      subdivisionLabel: catalogueCountries.subdivisionLabel,
      callingCode: catalogueCountries.callingCode,
      states: count(catalogueCountryStates.code),
    })
    .from(catalogueCountries)
    .leftJoin(catalogueCountryStates, eq(catalogueCountryStates.countryCode, catalogueCountries.code))
    .groupBy(catalogueCountries.code)
    .orderBy(asc(catalogueCountries.name));

export async function countryExists(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: catalogueCountries.code })
    .from(catalogueCountries)
    .where(eq(catalogueCountries.code, code));
  return row !== undefined;
}

export const listCountryStates = (db: Database, countryCode: string) =>
  db
    .select({ code: catalogueCountryStates.code, name: catalogueCountryStates.name })
    .from(catalogueCountryStates)
    .where(eq(catalogueCountryStates.countryCode, countryCode))
    .orderBy(asc(catalogueCountryStates.name));

export const listLanguages = (db: Database) =>
  db
    .select({ code: catalogueLanguages.code, name: catalogueLanguages.name, nativeName: catalogueLanguages.nativeName })
    .from(catalogueLanguages)
    .orderBy(asc(catalogueLanguages.name));

/**
 * How well a `search_name` column matches the normalised query: 0 the whole name, 1 the name's
 * start, 2 every query word starts a word of the name, 3 a typo-tolerant trigram match.
 */
function rankOf(column: SQL, query: string, words: string[]): SQL {
  const wordPrefixes = and(...words.map((word) => sql`(' ' || ${column}) LIKE ${`% ${word}%`}`));
  return sql`CASE WHEN ${column} = ${query} THEN 0 WHEN ${column} LIKE ${`${query}%`} THEN 1 WHEN ${wordPrefixes} THEN 2 ELSE 3 END`;
}

/** Rows that match at all: a word prefix, or close enough under the trigram threshold. */
function matches(column: SQL, words: string[], query: string): SQL {
  return sql`(${and(...words.map((word) => sql`(' ' || ${column}) LIKE ${`% ${word}%`}`))} OR ${query} <% ${column})`;
}

/**
 * The trigram threshold (`<%`) is a setting, so it is set for this transaction only; the GIN index
 * on catalogue_tools.search_name serves the operator.
 */
async function withTrigramThreshold<T>(db: Database, threshold: number, run: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
    return run(tx as unknown as Database);
  });
}

export interface SearchOptions {
  query: string;
  words: string[];
  limit: number;
  threshold: number;
}

export function searchTools(db: Database, options: SearchOptions): Promise<ToolRow[]> {
  const { query, words, limit, threshold } = options;
  const column = sql`${catalogueTools.searchName}`;
  return withTrigramThreshold(db, threshold, (tx) =>
    tx
      .select(TOOL_COLUMNS)
      .from(catalogueTools)
      .innerJoin(catalogueServiceFamilies, eq(catalogueServiceFamilies.id, catalogueTools.categoryId))
      .where(and(eq(catalogueTools.active, true), matches(column, words, query)))
      .orderBy(
        rankOf(column, query, words),
        sql`word_similarity(${query}, ${column}) DESC`,
        sql`${catalogueTools.popularity} DESC`,
        sql`lower(${catalogueTools.name})`,
      )
      .limit(limit),
  );
}

/** Families, sub-families and tools in one ranked list; families win ties, then sub-families. */
export async function searchServicesAndTools(db: Database, options: SearchOptions): Promise<SearchHitRow[]> {
  const { query, words, limit, threshold } = options;
  const f = sql.raw('f.search_name');
  const s = sql.raw('s.search_name');
  const t = sql.raw('t.search_name');
  return withTrigramThreshold(db, threshold, async (tx) => {
    const result = await tx.execute(sql`
      SELECT kind, id, slug, name, family_slug, family_name FROM (
        SELECT 'service-family' AS kind, 0 AS kind_order, f.id, f.slug, f.name, NULL AS family_slug, NULL AS family_name,
               ${rankOf(f, query, words)} AS rank, word_similarity(${query}, f.search_name) AS similarity, 0 AS popularity
          FROM catalogue_service_families f
         WHERE f.active AND ${matches(f, words, query)}
        UNION ALL
        SELECT 'service-sub-family', 1, s.id, s.slug, s.name, f.slug, f.name,
               ${rankOf(s, query, words)}, word_similarity(${query}, s.search_name), 0
          FROM catalogue_service_sub_families s JOIN catalogue_service_families f ON f.id = s.family_id
         WHERE s.active AND f.active AND ${matches(s, words, query)}
        UNION ALL
        SELECT 'tool', 2, t.id, t.slug, t.name, f.slug, f.name,
               ${rankOf(t, query, words)}, word_similarity(${query}, t.search_name), t.popularity
          FROM catalogue_tools t JOIN catalogue_service_families f ON f.id = t.category_id
         WHERE t.active AND ${matches(t, words, query)}
      ) hits
      ORDER BY rank, similarity DESC, kind_order, popularity DESC, lower(name)
      LIMIT ${limit}`);
    // Both drivers answer a raw query with `{ rows }`.
    const { rows } = result as unknown as { rows: Record<string, unknown>[] };
    return rows.map((row) => ({
      kind: row.kind as SearchHitKind,
      id: Number(row.id),
      slug: String(row.slug),
      name: String(row.name),
      familySlug: (row.family_slug as string | null) ?? null,
      familyName: (row.family_name as string | null) ?? null,
    }));
  });
}
