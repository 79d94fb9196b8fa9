/**
 * The families and sub-families the job board filters by. Families are the catalogue's: the
 * board takes them (names and counts) from the search answer's facets, and while the first
 * answer loads, names and descriptions from the catalogue call (`GET /service/families/all/`),
 * so a family added to the catalogue needs no change here. A request carries a sub-family only
 * when it was posted through a sub-family's own form, so the sub-families offered are those of
 * the request forms, named by the catalogue.
 */
import type { CatalogueServiceFamily, ServiceRequestFamilyFacet } from '@/api/generated/model';
import { formEntries } from '@/forms/formFiles';
import type { FormEntry } from '@/forms/types';
import { humanisedSlug } from '@/lib/format';
import { isFamilySlug, isSlug } from './slugs';

export { humanisedSlug, isFamilySlug, isSlug };

export interface FamilyOption {
  slug: string;
  name: string;
}

export interface SubFamilyOption {
  slug: string;
  name: string;
}

/** The catalogue call's families, when it has answered. */
type Catalogue = readonly CatalogueServiceFamily[] | undefined;

/** A family of the catalogue call's answer; undefined for any other (or before it answers). */
export function findServiceFamily(slug: string | undefined, catalogue: Catalogue): CatalogueServiceFamily | undefined {
  return catalogue?.find((family) => family.slug === slug);
}

/**
 * The families to filter by: the answer's facets (every family of the catalogue, in order),
 * or the catalogue call's families while there is no answer yet.
 */
export function familyOptions(
  facets: readonly ServiceRequestFamilyFacet[] | undefined,
  catalogue?: Catalogue,
): FamilyOption[] {
  return (facets ?? catalogue ?? []).map((family) => ({ slug: family.slug, name: family.name }));
}

/** A family's name: the answer's, else the catalogue call's, else its slug in words. */
export function familyName(slug: string, facets?: readonly ServiceRequestFamilyFacet[], catalogue?: Catalogue): string {
  return (
    facets?.find((facet) => facet.slug === slug)?.name ??
    findServiceFamily(slug, catalogue)?.name ??
    humanisedSlug(slug)
  );
}

/**
 * The sub-families of a family, in the forms' order; empty for a family without any. Named by
 * the catalogue call where it has them, else by the form's title, else by the slug.
 */
export function subFamiliesOf(
  family: string,
  entries: FormEntry[] = formEntries(),
  catalogue?: Catalogue,
): SubFamilyOption[] {
  const known = findServiceFamily(family, catalogue)?.subFamilies;
  const seen = new Set<string>();
  const options: SubFamilyOption[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'service-request' || entry.family !== family || !entry.subFamily) continue;
    if (seen.has(entry.subFamily)) continue;
    seen.add(entry.subFamily);
    const name =
      known?.find((sub) => sub.slug === entry.subFamily)?.name ??
      (entry.title.trim() || humanisedSlug(entry.subFamily));
    options.push({ slug: entry.subFamily, name });
  }
  return options;
}
