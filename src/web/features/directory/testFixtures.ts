/** Directory answers for component tests: cards, pages and the option lists the filters use. */
import type { BusinessListing, FreelancerListing, Pagination } from '@/api/generated/model';
import { answer } from '../../../../mocks/handlers';

export function businessCard(overrides: Partial<BusinessListing> = {}): BusinessListing {
  return {
    companyId: 'northwind-analytics',
    accountId: '8a3c5e21-7f04-4d9b-b6e2-0c4d1f8a9b37',
    name: 'Northwind Analytics',
    logoUrl: null,
    tagline: 'Finance and data teams on demand for mid-market companies.',
    services: [
      { slug: 'finance-transformation/fp-and-a-revolution', label: 'FP&A Revolution' },
      { slug: 'data-and-analytics/business', label: 'Business Analytics' },
    ],
    headquarters: { country: 'US', state: 'CA', city: 'San Francisco' },
    totalEmployees: { slug: '10-49', label: '10 - 49 employees' },
    minimumProjectSize: { slug: '25000-plus', label: '$25,000+' },
    averageHourlyRate: { slug: '100-149', label: '$100 - $149 / hr' },
    rating: { average: 4.5, count: 2 },
    badge: 'featured',
    sponsored: true,
    memberSince: '2026-03-02T09:58:37Z',
    ...overrides,
  };
}

export function freelancerCard(overrides: Partial<FreelancerListing> = {}): FreelancerListing {
  return {
    uid: '7c1e9a52-3b8d-4f60-9e21-5a4d8c0b6f13',
    displayName: 'Maya Okafor',
    avatarUrl: null,
    headline: 'NetSuite and FP&A consultant for SaaS finance teams',
    tagline: 'Close faster, plan with confidence.',
    services: [
      { slug: 'finance-transformation', label: 'Finance Transformation' },
      { slug: 'data-and-analytics', label: 'Data and Analytics' },
    ],
    location: { country: 'US', state: 'CA', city: 'San Francisco' },
    hourlyRate: { amount: 95, currency: 'USD' },
    rating: { average: 4.8, count: 12 },
    memberSince: '2026-03-02T09:58:37Z',
    ...overrides,
  };
}

export function page<T>(items: T[], { total = items.length, page = 1, pageSize = 20 } = {}) {
  const pagination: Pagination = { page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
  return { status: 'success', message: 'OK', data: { items, pagination } };
}

/** The server's 400 for a query parameter it refuses. */
export function badQuery(field: string, message = 'is not a service we offer') {
  return {
    status: 'error',
    message: 'The request is invalid.',
    code: 'validation_failed',
    errors: [{ field, message }],
  };
}

const ok = (data: unknown) => ({ status: 'success', message: 'OK', data });

/** Fixed option lists: services with sub-families, bands, countries and US states. */
export const optionLists = [
  answer(
    'ListBusinessServices',
    ok([
      { id: 3, slug: 'data-and-analytics', label: 'Data and Analytics', parentSlug: null, description: 'Dashboards.' },
      {
        id: 31,
        slug: 'data-and-analytics/personal',
        label: 'Personal Analytics',
        parentSlug: 'data-and-analytics',
        description: 'For individuals.',
      },
      {
        id: 32,
        slug: 'data-and-analytics/business',
        label: 'Business Analytics',
        parentSlug: 'data-and-analytics',
        description: 'For companies.',
      },
      {
        id: 5,
        slug: 'finance-transformation',
        label: 'Finance Transformation',
        parentSlug: null,
        description: 'Modernising planning, reporting and finance systems.',
      },
      {
        id: 6,
        slug: 'machine-learning-and-ai',
        label: 'Machine Learning and AI',
        parentSlug: null,
        description: 'Models.',
      },
    ]),
  ),
  answer(
    'ListAverageHourlyRates',
    ok([
      { id: 3, slug: '50-99', label: '$50 - $99 / hr' },
      { id: 4, slug: '100-149', label: '$100 - $149 / hr' },
    ]),
  ),
  answer(
    'ListMinimumProjectSizes',
    ok([
      { id: 3, slug: '10000-plus', label: '$10,000+' },
      { id: 4, slug: '25000-plus', label: '$25,000+' },
    ]),
  ),
  answer(
    'ListTotalEmployeeRanges',
    ok([
      { id: 2, slug: '2-9', label: '2 - 9 employees' },
      { id: 3, slug: '10-49', label: '10 - 49 employees' },
    ]),
  ),
  answer(
    'ListCountries',
    ok([
      { code: 'SG', name: 'Singapore', hasStates: false, subdivisionLabel: null, callingCode: '+65' },
      { code: 'US', name: 'United States', hasStates: true, subdivisionLabel: 'State', callingCode: '+1' },
    ]),
  ),
  answer(
    'ListCountryStates',
    ok([
      { code: 'CA', name: 'California' },
      { code: 'TX', name: 'Texas' },
    ]),
  ),
];
