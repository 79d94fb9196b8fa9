import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  catalogueCountries,
  catalogueCountryStates,
  catalogueCurrencies,
  catalogueLanguages,
  catalogueTools,
} from '../../db/schema';
import type { FieldError } from '../../errors';
import type { components } from '../../generated/api';

export type ToolRef = components['schemas']['CatalogueToolRef'];

/** A 400 on `field` unless `code` is a currency of `listCurrencies`. */
export async function checkCurrency(db: Database, code: string, field: string): Promise<FieldError[]> {
  const [row] = await db
    .select({ code: catalogueCurrencies.code })
    .from(catalogueCurrencies)
    .where(eq(catalogueCurrencies.code, code))
    .limit(1);
  return row ? [] : [{ field, message: 'is not a currency we know' }];
}

/** The tools of these ids, active or not (stored projects keep naming a retired tool). */
export async function toolsById(db: Database, ids: readonly number[]): Promise<Map<number, ToolRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: catalogueTools.id,
      slug: catalogueTools.slug,
      name: catalogueTools.name,
      active: catalogueTools.active,
    })
    .from(catalogueTools)
    .where(inArray(catalogueTools.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { id: row.id, slug: row.slug, name: row.name }]));
}

/** One `<field>.N` error per id that is not an active tool of `listTools`. */
export async function checkTools(db: Database, ids: readonly number[], field = 'tools'): Promise<FieldError[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: catalogueTools.id, active: catalogueTools.active })
    .from(catalogueTools)
    .where(inArray(catalogueTools.id, [...new Set(ids)]));
  const active = new Set(rows.filter((row) => row.active).map((row) => row.id));
  return ids.flatMap((id, index) =>
    active.has(id) ? [] : [{ field: `${field}.${index}`, message: 'is not a tool we know' }],
  );
}

/** Tool refs in the stored order, leaving out ids the catalogue no longer has. */
export const toolRefs = (tools: Map<number, ToolRef>, ids: readonly number[] | undefined): ToolRef[] =>
  (ids ?? []).flatMap((id) => {
    const tool = tools.get(id);
    return tool ? [tool] : [];
  });

/** English language names by ISO 639-1 code. */
export async function languageNames(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: catalogueLanguages.code, name: catalogueLanguages.name })
    .from(catalogueLanguages);
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** "England" for GB and ENG: a state or region as people know it; null for none or an unknown one. */
export async function stateName(
  db: Database,
  country: string | null | undefined,
  state: string | null | undefined,
): Promise<string | null> {
  if (!country || !state) return null;
  const [row] = await db
    .select({ name: catalogueCountryStates.name })
    .from(catalogueCountryStates)
    .where(and(eq(catalogueCountryStates.countryCode, country), eq(catalogueCountryStates.code, state)))
    .limit(1);
  return row?.name ?? null;
}

export async function countryName(db: Database, code: string | null | undefined): Promise<string | null> {
  if (!code) return null;
  const [row] = await db
    .select({ name: catalogueCountries.name })
    .from(catalogueCountries)
    .where(eq(catalogueCountries.code, code))
    .limit(1);
  return row?.name ?? null;
}
