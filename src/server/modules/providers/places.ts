import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { catalogueCountries, catalogueCountryStates } from '../../db/schema';
import type { FieldError } from '../../errors';

export interface ResolvedPlace {
  country: string;
  countryName: string;
  state: string | null;
  stateName: string | null;
  /** `California, United States`, or the country alone. */
  label: string;
}

/**
 * Checks a country and optional state against the catalogue. Answers the names, or the field
 * errors (`<prefix>country`, `<prefix>state`) when the country is unknown or the state is not one
 * of its subdivisions.
 */
export async function resolvePlace(
  db: Database,
  country: string,
  state: string | null | undefined,
  prefix = '',
): Promise<ResolvedPlace | FieldError[]> {
  const [countryRow] = await db
    .select({ name: catalogueCountries.name })
    .from(catalogueCountries)
    .where(eq(catalogueCountries.code, country))
    .limit(1);
  if (!countryRow) return [{ field: `${prefix}country`, message: 'is not a country we know' }];
  if (!state) {
    return { country, countryName: countryRow.name, state: null, stateName: null, label: countryRow.name };
  }
  const [stateRow] = await db
    .select({ name: catalogueCountryStates.name })
    .from(catalogueCountryStates)
    .where(and(eq(catalogueCountryStates.countryCode, country), eq(catalogueCountryStates.code, state)))
    .limit(1);
  if (!stateRow) return [{ field: `${prefix}state`, message: `is not a state or region of ${countryRow.name}` }];
  return {
    country,
    countryName: countryRow.name,
    state,
    stateName: stateRow.name,
    label: `${stateRow.name}, ${countryRow.name}`,
  };
}
