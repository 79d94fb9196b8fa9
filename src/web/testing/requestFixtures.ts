/**
 * Fixed answers for the tests of the request dashboard and the answers view: catalogue lists
 * with known labels for the data and analytics business form, and requests shaped like R02/R04.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { answer } from '../../../mocks/handlers';
import example from '../../../forms/requests/data-and-analytics-business/examples/valid-complete.json';
import type { ServiceRequest, ServiceRequestSummary } from '@/api/generated/model';

const options = (list: [string, string][]) => ({
  status: 'success',
  message: 'OK',
  data: list.map(([slug, label], index) => ({ id: index + 1, slug, label })),
});

const DATA_AND_ANALYTICS: Record<string, [string, string][]> = {
  'analysis-type': [
    ['dashboarding', 'Dashboards and reporting'],
    ['predictive', 'Predictive modelling'],
  ],
  'data-source': [
    ['erp', 'ERP system'],
    ['crm', 'CRM'],
    ['spreadsheets', 'Spreadsheets'],
  ],
  'data-volume': [['1m-100m', '1 million to 100 million rows']],
  deliverable: [
    ['dashboard', 'Interactive dashboard'],
    ['report', 'Written report'],
  ],
};

/** The lists the example answers of forms/requests/data-and-analytics-business use. */
export function catalogueHandlers(): RequestHandler[] {
  return [
    answer('ListIndustryTypes', options([['logistics-and-transportation', 'Logistics and transportation']])),
    answer('ListBusinessSizes', options([['51-200', '51 to 200 people']])),
    answer('ListProjectDurations', options([['one-to-three-months', '1 to 3 months']])),
    answer('ListPaymentTypes', options([['milestones', 'By milestones']])),
    answer('ListHiringDecisions', options([['within-two-weeks', 'Within the next two weeks']])),
    answer('ListCurrencies', {
      status: 'success',
      message: 'OK',
      data: [{ code: 'USD', name: 'US Dollar', symbol: '$', minorUnits: 2 }],
    }),
    answer('ListTools', {
      status: 'success',
      message: 'OK',
      data: [
        { id: 42, slug: 'power-bi', name: 'Power BI', category: 'data-and-analytics' },
        { id: 74, slug: 'netsuite', name: 'NetSuite', category: 'finance-transformation' },
      ],
    }),
    http.get('*/api/service/data-and-analytics/:list/all/', ({ params }) =>
      HttpResponse.json(options(DATA_AND_ANALYTICS[String(params.list)] ?? [])),
    ),
  ];
}

export const exampleAnswers: Record<string, unknown> = Object.fromEntries(
  Object.entries(example).filter(([name]) => name !== 'title'),
);

export const REQUEST_ID = '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44';

export function fullRequest(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    id: REQUEST_ID,
    refId: 'VR-7K3D9Q2M',
    slug: 'power-bi-sales-and-inventory-dashboards-for-a-wholesale-distributor',
    family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
    subFamily: { slug: 'business', name: 'Business Analytics' },
    formId: 'requests/data-and-analytics-business',
    title: example.title,
    summary: 'Business analytics in Power BI over NetSuite and HubSpot data.',
    answers: exampleAnswers,
    budget: { type: 'fixed', min: 10000, max: 25000, currency: 'USD' },
    projectDuration: { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    paymentType: { id: 3, slug: 'milestones', label: 'By milestones' },
    hiringDecision: { id: 2, slug: 'within-two-weeks', label: 'Within the next two weeks' },
    tools: [
      { id: 42, slug: 'power-bi', name: 'Power BI' },
      { id: 74, slug: 'netsuite', name: 'NetSuite' },
    ],
    attachments: [
      {
        id: '0f4c8e21-6a3b-4d5e-8f71-2c9a4b6d1e03',
        name: 'current-weekly-sales-report.xlsx',
        url: '/uploads/files/0f4c8e21.xlsx',
        size: 482304,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
    status: 'in-review',
    proposalCount: 4,
    unreadMessageCount: 2,
    client: {
      id: '9a2e4b71-5c3d-4e8f-a1b6-0d7c3f2e8b15',
      accountType: 'client',
      displayName: 'Maya Patel',
      avatarUrl: null,
      companyId: null,
      country: 'US',
    },
    createdAt: '2026-03-09T15:42:10Z',
    updatedAt: '2026-03-11T09:18:47Z',
    closesAt: '2026-04-08T15:42:10Z',
    ...overrides,
  } as ServiceRequest;
}

export function summary(overrides: Partial<ServiceRequestSummary> & { id: string }): ServiceRequestSummary {
  return {
    refId: 'VR-7K3D9Q2M',
    slug: 'a-request',
    family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
    subFamily: { slug: 'business', name: 'Business Analytics' },
    title: 'A request',
    summary: 'A short summary.',
    budget: null,
    status: 'open',
    proposalCount: 0,
    unreadMessageCount: 0,
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    closesAt: new Date(Date.now() + 28 * 86_400_000).toISOString(),
    ...overrides,
  };
}
