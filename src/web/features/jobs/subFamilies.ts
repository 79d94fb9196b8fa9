/**
 * The families and sub-families the job board filters by. Families are the six of the catalogue
 * (SERVICE_FAMILIES); a request carries a sub-family only when it was posted through a
 * sub-family's own form, so the sub-families offered are those of the request forms.
 */
import { formEntries } from '../../forms/formFiles';
import type { FormEntry } from '../../forms/types';
import { SERVICE_FAMILIES, type ServiceFamily, type ServiceFamilySlug } from '../../lib/serviceFamilies';

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

export function isFamilySlug(value: unknown): value is ServiceFamilySlug {
  return typeof value === 'string' && SERVICE_FAMILIES.some((family) => family.slug === value);
}

export function findServiceFamily(slug: string | undefined): ServiceFamily | undefined {
  return SERVICE_FAMILIES.find((family) => family.slug === slug);
}

/** The sub-families of a family, in the forms' order; empty for a family without any. */
export function subFamiliesOf(family: string, entries: FormEntry[] = formEntries()): SubFamilyOption[] {
  const seen = new Set<string>();
  const options: SubFamilyOption[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'service-request' || entry.family !== family || !entry.subFamily) continue;
    if (seen.has(entry.subFamily)) continue;
    seen.add(entry.subFamily);
    options.push({ slug: entry.subFamily, name: SUB_FAMILY_NAMES[`${family}/${entry.subFamily}`] ?? entry.title });
  }
  return options;
}
