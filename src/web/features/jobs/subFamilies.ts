/**
 * The families and sub-families the job board filters by. Families are the catalogue's: the
 * board takes them (names and counts) from the search answer's facets, so a family added to
 * the catalogue needs no change here; SERVICE_FAMILIES only fills in while the first answer
 * loads and gives the six known families their descriptions. A request carries a sub-family
 * only when it was posted through a sub-family's own form, so the sub-families offered are
 * those of the request forms.
 */
import type { ServiceRequestFamilyFacet } from '@/api/generated/model';
import { formEntries } from '@/forms/formFiles';
import type { FormEntry } from '@/forms/types';
import { SERVICE_FAMILIES, type ServiceFamily } from '@/lib/serviceFamilies';

export interface FamilyOption {
  slug: string;
  name: string;
}

export interface SubFamilyOption {
  slug: string;
  name: string;
}

/** The catalogue's names of the sub-families, as request cards show them. */
const SUB_FAMILY_NAMES: Record<string, string> = {
  'data-and-analytics/personal': 'Personal Analytics',
  'data-and-analytics/business': 'Business Analytics',
  'finance-transformation/fp-and-a-revolution': 'FP&A Revolution',
  'finance-transformation/financial-reporting-and-advanced-analytics': 'Financial Reporting and Advanced Analytics',
  'finance-transformation/enterprise': 'Enterprise Solutions',
  'finance-transformation/system-administration': 'System Administration',
  'finance-transformation/digital-transformation': 'Digital Transformation',
  'finance-transformation/other': 'Other Finance Services',
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 80;

/** A catalogue slug's shape: lowercase words joined by single hyphens, at most 80 characters. */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_SLUG_LENGTH && SLUG.test(value);
}

/**
 * A family slug of the catalogue's shape (`CatalogueServiceFamilySlug`). Whether the catalogue
 * has that family is the server's answer: it refuses an unknown one with a 400 on `query.family`.
 */
export function isFamilySlug(value: unknown): value is string {
  return isSlug(value);
}

/** `fp-and-a-revolution` as words ("Fp and a revolution"), for a name nothing else gives. */
export function humanisedSlug(slug: string): string {
  const words = slug.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One of the six families the site describes (home and services pages); undefined for any other. */
export function findServiceFamily(slug: string | undefined): ServiceFamily | undefined {
  return SERVICE_FAMILIES.find((family) => family.slug === slug);
}

/**
 * The families to filter by: the answer's facets (every family of the catalogue, in order),
 * or the six known ones while there is no answer yet.
 */
export function familyOptions(facets: readonly ServiceRequestFamilyFacet[] | undefined): FamilyOption[] {
  return (facets ?? SERVICE_FAMILIES).map((family) => ({ slug: family.slug, name: family.name }));
}

/** A family's name: the answer's, else the site's, else its slug in words. */
export function familyName(slug: string, facets?: readonly ServiceRequestFamilyFacet[]): string {
  return facets?.find((facet) => facet.slug === slug)?.name ?? findServiceFamily(slug)?.name ?? humanisedSlug(slug);
}

/** The sub-families of a family, in the forms' order; empty for a family without any. */
export function subFamiliesOf(family: string, entries: FormEntry[] = formEntries()): SubFamilyOption[] {
  const seen = new Set<string>();
  const options: SubFamilyOption[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'service-request' || entry.family !== family || !entry.subFamily) continue;
    if (seen.has(entry.subFamily)) continue;
    seen.add(entry.subFamily);
    const name =
      SUB_FAMILY_NAMES[`${family}/${entry.subFamily}`] ?? (entry.title.trim() || humanisedSlug(entry.subFamily));
    options.push({ slug: entry.subFamily, name });
  }
  return options;
}
