import type { components } from '../../generated/api';

type Schemas = components['schemas'];

/** One band of a business lookup list; the money ones carry their bounds in US dollars. */
export interface BusinessBand<Slug extends string = string> {
  slug: Slug;
  label: string;
  /** Lower bound in USD (inclusive). */
  minUsd?: number;
  /** Upper bound in USD (inclusive); absent on the open-ended top band. */
  maxUsd?: number;
}

/** Team sizes (B19), smallest first. */
export const TOTAL_EMPLOYEES: BusinessBand<Schemas['BusinessTotalEmployees']>[] = [
  { slug: '1', label: 'Freelancer (1)' },
  { slug: '2-9', label: '2 - 9 employees' },
  { slug: '10-49', label: '10 - 49 employees' },
  { slug: '50-249', label: '50 - 249 employees' },
  { slug: '250-999', label: '250 - 999 employees' },
  { slug: '1000-plus', label: '1,000+ employees' },
];

/** The smallest engagement a business takes (B20), smallest first. */
export const MINIMUM_PROJECT_SIZES: BusinessBand<Schemas['BusinessMinimumProjectSize']>[] = [
  { slug: '1000-plus', label: '$1,000+', minUsd: 1000 },
  { slug: '5000-plus', label: '$5,000+', minUsd: 5000 },
  { slug: '10000-plus', label: '$10,000+', minUsd: 10000 },
  { slug: '25000-plus', label: '$25,000+', minUsd: 25000 },
  { slug: '50000-plus', label: '$50,000+', minUsd: 50000 },
  { slug: '100000-plus', label: '$100,000+', minUsd: 100000 },
  { slug: '250000-plus', label: '$250,000+', minUsd: 250000 },
];

/** Hourly rate bands (B21), lowest first. */
export const AVERAGE_HOURLY_RATES: BusinessBand<Schemas['BusinessAverageHourlyRate']>[] = [
  { slug: 'under-25', label: '< $25 / hr', minUsd: 0, maxUsd: 24 },
  { slug: '25-49', label: '$25 - $49 / hr', minUsd: 25, maxUsd: 49 },
  { slug: '50-99', label: '$50 - $99 / hr', minUsd: 50, maxUsd: 99 },
  { slug: '100-149', label: '$100 - $149 / hr', minUsd: 100, maxUsd: 149 },
  { slug: '150-199', label: '$150 - $199 / hr', minUsd: 150, maxUsd: 199 },
  { slug: '200-300', label: '$200 - $300 / hr', minUsd: 200, maxUsd: 300 },
  { slug: '300-plus', label: '$300+ / hr', minUsd: 300 },
];

/** A list as the lookup operations answer it: ids count from 1 in display order. */
export const asOptions = (bands: readonly BusinessBand[]): Schemas['Option'][] =>
  bands.map((band, index) => ({ id: index + 1, slug: band.slug, label: band.label }));

/** `{slug, label}` of a stored slug; an unknown one (a band since removed) shows its slug. */
export function bandLabel(bands: readonly BusinessBand[], slug: string): Schemas['BusinessSlugLabel'] {
  return { slug, label: bands.find((band) => band.slug === slug)?.label ?? slug };
}
