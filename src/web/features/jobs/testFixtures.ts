/** Job board answers for component tests: cards, pages and the catalogue lists the filters use. */
import type {
  PublicServiceRequest,
  PublicServiceRequestDetail,
  PublicServiceRequestSearchPage,
  ServiceRequestFamilyFacet,
} from '@/api/generated/model';
import { answer } from '../../../../mocks/handlers';
import { familiesFromFiles } from '../../../../mocks/scenarios/families';

export function job(overrides: Partial<PublicServiceRequest> = {}): PublicServiceRequest {
  return {
    id: '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44',
    refId: 'VR-7K3D9Q2M',
    slug: 'power-bi-sales-and-inventory-dashboards',
    family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
    subFamily: { slug: 'business', name: 'Business Analytics' },
    title: 'Power BI sales and inventory dashboards',
    summary: 'Business analytics in Power BI over NetSuite and HubSpot data.',
    budget: { type: 'fixed', min: 10000, max: 25000, currency: 'USD' },
    projectDuration: { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    paymentType: { id: 3, slug: 'milestones', label: 'By milestones' },
    tools: ['Power BI', 'NetSuite', 'HubSpot', 'Excel', 'SQL', 'Python', 'DAX'].map((name, index) => ({
      id: index + 1,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      name,
    })),
    status: 'open',
    proposalCount: 4,
    client: { country: 'US', memberSince: '2025-11-18T12:03:55Z', requestsPosted: 6, requestsAwarded: 3 },
    viewer: null,
    postedAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    closesAt: '2099-04-08T15:42:10Z',
    ...overrides,
  };
}

/** The catalogue's families' facets with the given counts (0 for the others). */
export function facets(counts: Partial<Record<string, number>> = {}): ServiceRequestFamilyFacet[] {
  return familiesFromFiles().map((family) => ({
    slug: family.slug,
    name: family.name,
    count: counts[family.slug] ?? 0,
  }));
}

/** A family the catalogue has but the web app's built-in list does not. */
export const NEW_FAMILY_FACET: ServiceRequestFamilyFacet = { slug: 'cybersecurity', name: 'Cybersecurity', count: 3 };

/** The server's 400 for a query parameter it refuses, such as a family the catalogue does not have. */
export function badQuery(field: string, message = 'is not a service family we offer') {
  return {
    status: 'error',
    message: 'The request is invalid.',
    code: 'validation_failed',
    errors: [{ field, message }],
  };
}

export function searchPage(
  items: PublicServiceRequest[],
  {
    total = items.length,
    page = 1,
    pageSize = 20,
    counts = {} as Partial<Record<string, number>>,
    families = undefined as ServiceRequestFamilyFacet[] | undefined,
  } = {},
): PublicServiceRequestSearchPage {
  return {
    status: 'success',
    message: 'OK',
    data: {
      items,
      pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
      facets: { families: families ?? facets(counts) },
    },
  };
}

export function jobDetail(overrides: Partial<PublicServiceRequestDetail> = {}): PublicServiceRequestDetail {
  return {
    ...job(),
    formId: 'requests/data-and-analytics-business',
    answers: {
      title: 'Power BI sales and inventory dashboards',
      companyName: 'Harbor Supply Co.',
      description: 'We want Power BI dashboards for sales by region and SKU, stock cover and a demand forecast.',
      dataVolume: '1m-100m',
    },
    hiringDecision: { id: 2, slug: 'within-two-weeks', label: 'Within two weeks' },
    attachments: [],
    ...overrides,
  };
}

/** Fixed catalogue lists (the generated currency mock cannot produce a valid code). */
export const catalogueLists = [
  answer('ListProjectDurations', {
    status: 'success',
    message: 'OK',
    data: [
      { id: 1, slug: 'less-than-one-month', label: 'Less than 1 month' },
      { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    ],
  }),
  answer('ListPaymentTypes', {
    status: 'success',
    message: 'OK',
    data: [
      { id: 1, slug: 'fixed-price', label: 'Fixed price' },
      { id: 2, slug: 'hourly', label: 'Hourly' },
      { id: 3, slug: 'milestones', label: 'By milestones' },
    ],
  }),
  answer('ListCurrencies', {
    status: 'success',
    message: 'OK',
    data: [
      { code: 'USD', name: 'US Dollar', symbol: '$', minorUnits: 2 },
      { code: 'EUR', name: 'Euro', symbol: '€', minorUnits: 2 },
    ],
  }),
];
