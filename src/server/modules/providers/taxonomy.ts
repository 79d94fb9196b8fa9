import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { catalogueServiceFamilies, catalogueServiceSubFamilies } from '../../db/schema';
import type { components } from '../../generated/api';

export type ServiceOption = components['schemas']['ProviderServiceOption'];

/** Sub-family option ids live above the family ids, so one list can hold both. */
const SUB_FAMILY_ID_OFFSET = 1000;

/**
 * The service families and sub-families as providers choose them: families by slug
 * (`data-and-analytics`), sub-families by `family/sub`. Read from the catalogue on each use (a few
 * dozen rows), so a family added there is offered at once.
 */
export interface Taxonomy {
  /** Families in display order, each followed by its sub-families. */
  options: ServiceOption[];
  families: ServiceOption[];
  subFamiliesOf(family: string): ServiceOption[];
  find(slug: string): ServiceOption | undefined;
  label(slug: string): string;
}

export async function loadTaxonomy(db: Database): Promise<Taxonomy> {
  const rows = await db
    .select({
      familyId: catalogueServiceFamilies.id,
      familySlug: catalogueServiceFamilies.slug,
      familyName: catalogueServiceFamilies.name,
      familyDescription: catalogueServiceFamilies.description,
      subId: catalogueServiceSubFamilies.id,
      subSlug: catalogueServiceSubFamilies.slug,
      subName: catalogueServiceSubFamilies.name,
      subDescription: catalogueServiceSubFamilies.description,
    })
    .from(catalogueServiceFamilies)
    .leftJoin(catalogueServiceSubFamilies, eq(catalogueServiceSubFamilies.familyId, catalogueServiceFamilies.id))
    .orderBy(asc(catalogueServiceFamilies.position), asc(catalogueServiceSubFamilies.position));

  const options: ServiceOption[] = [];
  const subs = new Map<string, ServiceOption[]>();
  for (const row of rows) {
    if (!subs.has(row.familySlug)) {
      subs.set(row.familySlug, []);
      options.push({
        id: row.familyId,
        slug: row.familySlug,
        label: row.familyName,
        parentSlug: null,
        description: row.familyDescription,
      });
    }
    if (row.subId !== null && row.subSlug && row.subName) {
      const sub: ServiceOption = {
        id: SUB_FAMILY_ID_OFFSET + row.subId,
        slug: `${row.familySlug}/${row.subSlug}`,
        label: row.subName,
        parentSlug: row.familySlug,
        description: row.subDescription,
      };
      subs.get(row.familySlug)!.push(sub);
      options.push(sub);
    }
  }
  const bySlug = new Map(options.map((option) => [option.slug, option]));
  return {
    options,
    families: options.filter((option) => option.parentSlug === null),
    subFamiliesOf: (family) => subs.get(family) ?? [],
    find: (slug) => bySlug.get(slug),
    label: (slug) => bySlug.get(slug)?.label ?? slug,
  };
}

/** `{slug, label}` as the contract's service summaries carry them. */
export const summary = (taxonomy: Taxonomy, slug: string) => ({ slug, label: taxonomy.label(slug) });
