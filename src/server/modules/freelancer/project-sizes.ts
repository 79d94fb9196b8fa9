import type { components } from '../../generated/api';

type Schemas = components['schemas'];
export type ProjectSizeSlug = Schemas['FreelancerProjectSizeSlug'];

/** The four budget classes a portfolio project is filed in, smallest first, in USD (F02). */
export const PROJECT_SIZES: Schemas['FreelancerProjectSize'][] = [
  {
    id: 1,
    slug: 'small',
    label: 'Small (under $5,000)',
    description: 'A quick win of days to a few weeks, such as a report, a fix or an audit.',
    minBudget: 0,
    maxBudget: 5000,
    currency: 'USD',
  },
  {
    id: 2,
    slug: 'medium',
    label: 'Medium ($5,000 to $25,000)',
    description: 'A focused engagement of a few weeks, such as one report suite or one integration.',
    minBudget: 5000,
    maxBudget: 25000,
    currency: 'USD',
  },
  {
    id: 3,
    slug: 'large',
    label: 'Large ($25,000 to $100,000)',
    description: 'A multi-month project, such as an ERP rollout or a data platform.',
    minBudget: 25000,
    maxBudget: 100000,
    currency: 'USD',
  },
  {
    id: 4,
    slug: 'enterprise',
    label: 'Enterprise (over $100,000)',
    description: 'A programme across teams or countries, often with several providers.',
    minBudget: 100000,
    maxBudget: null,
    currency: 'USD',
  },
];

/** `{slug, label}` of a size; an unknown stored slug reads as `small`. */
export function projectSizeRef(slug: string | null | undefined): Schemas['FreelancerProjectSizeRef'] {
  const size = PROJECT_SIZES.find((entry) => entry.slug === slug) ?? PROJECT_SIZES[0]!;
  return { slug: size.slug, label: size.label };
}
