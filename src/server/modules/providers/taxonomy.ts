import type { Database } from '../../db/database';
import type { components } from '../../generated/api';
import { catalogueService } from '../catalogue/service';

export type ServiceOption = components['schemas']['ProviderServiceOption'];

/** Sub-family option ids live above the family ids, so one list can hold both. */
const SUB_FAMILY_ID_OFFSET = 1000;

/**
 * The service families and sub-families as providers choose them: families by slug
 * (`data-and-analytics`), sub-families by `family/sub`. Read from the catalogue on each use (a few
 * dozen rows), so a family added there is offered at once.
 *
 * Families and sub-families taken out of the catalogue data files (inactive) are no longer offered:
 * `options`, `families`, `subFamiliesOf` and `find` (what new answers are checked with) leave them
 * out, while `label` still names them, so profiles and services saved before read back unchanged.
 */
export interface Taxonomy {
  /** Families in display order, each followed by its sub-families. */
  options: ServiceOption[];
  families: ServiceOption[];
  subFamiliesOf(family: string): ServiceOption[];
  /** An offered family or sub-family. */
  find(slug: string): ServiceOption | undefined;
  /** Any family or sub-family the catalogue has had, offered or not (for reading stored answers). */
  known(slug: string): ServiceOption | undefined;
  /** The name of any family or sub-family the catalogue has had, the slug for one it never had. */
  label(slug: string): string;
}

export async function loadTaxonomy(db: Database): Promise<Taxonomy> {
  const rows = await catalogueService(db).familyRows({ withInactive: true });

  const options: ServiceOption[] = [];
  const subs = new Map<string, ServiceOption[]>();
  const every = new Map<string, ServiceOption>();
  for (const row of rows) {
    if (!every.has(row.slug)) {
      every.set(row.slug, {
        id: row.id,
        slug: row.slug,
        label: row.name,
        parentSlug: null,
        description: row.description,
      });
    }
    if (row.subId !== null && row.subSlug && row.subName) {
      const slug = `${row.slug}/${row.subSlug}`;
      const label = row.subName;
      every.set(slug, {
        id: SUB_FAMILY_ID_OFFSET + row.subId,
        slug,
        label,
        parentSlug: row.slug,
        description: row.subDescription,
      });
    }
    if (!row.active) continue;
    if (!subs.has(row.slug)) {
      subs.set(row.slug, []);
      options.push({
        id: row.id,
        slug: row.slug,
        label: row.name,
        parentSlug: null,
        description: row.description,
      });
    }
    if (row.subId !== null && row.subSlug && row.subName && row.subActive) {
      const sub: ServiceOption = {
        id: SUB_FAMILY_ID_OFFSET + row.subId,
        slug: `${row.slug}/${row.subSlug}`,
        label: row.subName,
        parentSlug: row.slug,
        description: row.subDescription,
      };
      subs.get(row.slug)!.push(sub);
      options.push(sub);
    }
  }
  const bySlug = new Map(options.map((option) => [option.slug, option]));
  return {
    options,
    families: options.filter((option) => option.parentSlug === null),
    subFamiliesOf: (family) => subs.get(family) ?? [],
    find: (slug) => bySlug.get(slug),
    known: (slug) => every.get(slug),
    label: (slug) => every.get(slug)?.label ?? slug,
  };
}

/** `{slug, label}` as the contract's service summaries carry them. */
export const summary = (taxonomy: Taxonomy, slug: string) => ({ slug, label: taxonomy.label(slug) });
