import { http, HttpResponse } from 'msw';
import { answer } from '../../../../mocks/handlers';
import type { Proposal, ProposalQuote, ProposalSummary, PublicServiceRequestDetail } from '@/api/generated/model';
import { ok } from '@/testing/apiFixtures';

export const REF_ID = 'VR-7K3D9Q2M';
export const REQUEST_ID = '3d6f1c2a-8b4e-4f7a-9c2d-5e1b7a9f0c44';
export const PROPOSAL_ID = '1e5a9c3d-4b7f-4d21-8e6a-9f0b2c4d7a58';
export const TITLE = 'Power BI sales and inventory dashboards';

export const LETTER = 'Hi, I have built Power BI sales and inventory models on NetSuite data for three distributors.';

export function job(overrides: Partial<PublicServiceRequestDetail> = {}): PublicServiceRequestDetail {
  return {
    id: REQUEST_ID,
    refId: REF_ID,
    slug: 'power-bi-sales-and-inventory-dashboards',
    family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
    subFamily: { slug: 'business', name: 'Business Analytics' },
    title: TITLE,
    summary: 'Business analytics in Power BI over NetSuite and HubSpot data.',
    status: 'open',
    budget: { type: 'fixed', min: 10000, max: 25000, currency: 'USD' },
    projectDuration: { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    paymentType: null,
    tools: [],
    proposalCount: 4,
    client: { country: 'US', memberSince: '2025-11-02T10:00:00Z', requestsPosted: 6, requestsAwarded: 3 },
    viewer: { myProposalId: null, invited: false },
    postedAt: '2026-03-01T09:00:00Z',
    closesAt: '2026-04-01T09:00:00Z',
    formId: 'requests/data-and-analytics-business',
    answers: { description: 'We want Power BI dashboards.' },
    hiringDecision: null,
    attachments: [],
    ...overrides,
  };
}

export function quote(overrides: Partial<ProposalQuote> = {}): ProposalQuote {
  return {
    request: { id: REQUEST_ID, refId: REF_ID, title: TITLE },
    proposalCount: 4,
    currency: 'USD',
    cost: 2,
    balance: 8,
    allowance: null,
    blocker: null,
    myProposalId: null,
    ...overrides,
  };
}

export function proposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: PROPOSAL_ID,
    request: { id: REQUEST_ID, refId: REF_ID, title: TITLE },
    provider: {
      id: '4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14',
      accountType: 'freelancer',
      displayName: 'Maya Okafor',
      avatarUrl: null,
      companyId: null,
    },
    providerStats: { rating: 4.8, reviewCount: 12, profileCompletion: 90, hires: 3 },
    coverLetter: `${LETTER}\nI would start with a two-week discovery.`,
    price: { amount: 18500, currency: 'USD' },
    priceType: 'fixed',
    estimatedDuration: { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    milestones: [
      { title: 'Discovery and data model', amount: 4500, dueInDays: 14 },
      { title: 'Dashboards and forecast', amount: 14000, dueInDays: 60 },
    ],
    attachments: [
      {
        id: '5a2d8f1c-3e6b-4c90-a7d4-8b1f0e3c6a29',
        name: 'case-study.pdf',
        url: '/uploads/files/5a2d8f1c.pdf',
        size: 1843200,
        contentType: 'application/pdf',
      },
    ],
    status: 'submitted',
    conversation: null,
    declineReason: null,
    createdAt: '2026-03-10T09:14:22Z',
    updatedAt: '2026-03-10T09:14:22Z',
    ...overrides,
  };
}

export function summary(overrides: Partial<ProposalSummary> = {}): ProposalSummary {
  const full = proposal();
  return {
    id: full.id,
    request: full.request,
    provider: full.provider,
    providerStats: full.providerStats,
    coverLetterPreview: LETTER,
    price: full.price,
    priceType: full.priceType,
    estimatedDuration: full.estimatedDuration,
    milestoneCount: 2,
    attachmentCount: 1,
    status: 'submitted',
    createdAt: full.createdAt,
    updatedAt: full.updatedAt,
    ...overrides,
  };
}

/** Fixed catalogue lists the form reads (the generated currency mock cannot produce a valid code). */
export const catalogueLists = [
  answer(
    'ListProjectDurations',
    ok([
      { id: 2, slug: 'one-to-four-weeks', label: '1 to 4 weeks' },
      { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    ]),
  ),
  answer(
    'ListCurrencies',
    ok([
      { code: 'USD', name: 'US Dollar', symbol: '$', minorUnits: 2 },
      { code: 'EUR', name: 'Euro', symbol: '€', minorUnits: 2 },
    ]),
  ),
];

/** Answers the job page's query and the quote. */
export function jobAndQuote(data: Partial<ProposalQuote> = {}, jobData: Partial<PublicServiceRequestDetail> = {}) {
  return [
    ...catalogueLists,
    answer('GetPublicServiceRequest', ok(job(jobData))),
    answer('GetProposalQuote', ok(quote(data))),
  ];
}

export interface SentMultipart {
  url: string;
  fields: Record<string, string[]>;
  files: File[];
}

/** Answers a multipart POST and keeps what each body held. */
export function recordMultipart(path: string, respond: () => Response) {
  const sent: SentMultipart[] = [];
  const handler = http.post(path, async ({ request }) => {
    const form = await request.formData();
    const fields: Record<string, string[]> = {};
    const files: File[] = [];
    for (const [name, value] of form.entries()) {
      if (typeof value !== 'string') files.push(value);
      else (fields[name] ??= []).push(value);
    }
    sent.push({ url: request.url, fields, files });
    return respond();
  });
  return { handler, sent };
}

export const created = (data: Proposal, message = 'Your proposal is sent.') =>
  HttpResponse.json(ok(data, message), { status: 201 });
