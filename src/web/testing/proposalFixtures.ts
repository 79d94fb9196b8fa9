/**
 * Proposals on the request of `requestFixtures` (REQUEST_ID), shaped as the contract's
 * listServiceRequestProposals and getProposal answers, for the client's proposal tests.
 */
import type { Proposal, ProposalStatusCounts, ProposalSummary } from '@/api/generated/model';
import { REQUEST_ID } from './requestFixtures';

const REQUEST_TITLE = {
  id: REQUEST_ID,
  refId: 'VR-7K3D9Q2M',
  title: 'Power BI sales and inventory dashboards for a wholesale distributor',
};

export const MAYA_ID = '4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14';
export const NORTHWIND_ID = '8a3c5e21-7f04-4d9b-b6e2-0c4d1f8a9b37';

export function proposalSummary(overrides: Partial<ProposalSummary> & { id: string }): ProposalSummary {
  return {
    request: REQUEST_TITLE,
    provider: {
      id: MAYA_ID,
      accountType: 'freelancer',
      displayName: 'Maya Okafor',
      avatarUrl: null,
      companyId: null,
    },
    providerStats: { rating: 4.8, reviewCount: 12, profileCompletion: 90, hires: 3 },
    coverLetterPreview: 'I have built Power BI sales and inventory models on NetSuite data for three distributors…',
    price: { amount: 18500, currency: 'USD' },
    priceType: 'fixed',
    estimatedDuration: { id: 3, slug: 'one-to-three-months', label: '1 to 3 months' },
    milestoneCount: 2,
    attachmentCount: 1,
    status: 'submitted',
    createdAt: '2026-03-10T09:14:22Z',
    updatedAt: '2026-03-10T09:14:22Z',
    ...overrides,
  };
}

const person = (id: string, displayName: string) => ({
  id,
  accountType: 'freelancer' as const,
  displayName,
  avatarUrl: null,
  companyId: null,
});

/** Five proposals: two freelancers with reviews, one without, a business, one hourly. */
export const PROPOSALS: ProposalSummary[] = [
  proposalSummary({ id: '1e5a9c3d-4b7f-4d21-8e6a-9f0b2c4d7a58' }),
  proposalSummary({
    id: '7c2e4a91-5d3b-4f86-a0c7-1e9b3d5f8a26',
    provider: {
      id: NORTHWIND_ID,
      accountType: 'business',
      displayName: 'Northwind Analytics',
      avatarUrl: null,
      companyId: 'northwind-analytics',
    },
    providerStats: { rating: 4.5, reviewCount: 1, profileCompletion: 75, hires: 1 },
    price: { amount: 22000, currency: 'USD' },
    milestoneCount: 3,
    attachmentCount: 2,
    status: 'shortlisted',
    createdAt: '2026-03-09T21:03:55Z',
  }),
  proposalSummary({
    id: '0a6c3e8f-2d4b-4b19-9f73-5e1a7c9d2b40',
    provider: person('7d1e5b3a-9c2f-4e64-8a07-b3f6d0c2e918', 'Priya Raman'),
    providerStats: { rating: null, reviewCount: 0, profileCompletion: 60, hires: 0 },
    price: { amount: 95, currency: 'USD' },
    priceType: 'hourly',
    milestoneCount: 0,
    attachmentCount: 0,
    estimatedDuration: { id: 4, slug: 'three-to-six-months', label: '3 to 6 months' },
  }),
  proposalSummary({
    id: '9b4f2d7a-6c1e-4a83-b5d0-7e2c9a4f1b36',
    provider: person('3f9d2b6e-8a1c-4c57-b4e0-2d7f9a1c6e83', 'Tomás Herrera'),
    price: { amount: 14000, currency: 'USD' },
    status: 'declined',
  }),
  proposalSummary({
    id: '5d8e2f4a-1b3c-4d5e-8f6a-7b8c9d0e1f2a',
    provider: person('6e2a4c8d-0f1b-4a3c-9d5e-7f8a9b0c1d2e', 'Lena Fischer'),
    price: { amount: 16000, currency: 'USD' },
  }),
];

export function counts(list: ProposalSummary[] = PROPOSALS): ProposalStatusCounts {
  const of = (status: string) => list.filter((item) => item.status === status).length;
  return {
    submitted: of('submitted'),
    shortlisted: of('shortlisted'),
    accepted: of('accepted'),
    declined: of('declined'),
  };
}

export function proposalPage(
  items: ProposalSummary[] = PROPOSALS,
  {
    statusCounts = counts(),
    page = 1,
    totalPages = 1,
  }: { statusCounts?: ProposalStatusCounts; page?: number; totalPages?: number } = {},
) {
  return {
    status: 'success',
    message: 'OK',
    data: {
      request: REQUEST_TITLE,
      statusCounts,
      items,
      pagination: { page, pageSize: 10, total: items.length, totalPages },
    },
  };
}

/** The full proposal of a summary: its cover letter, milestones and files. */
export function fullProposal(summary: ProposalSummary, overrides: Partial<Proposal> = {}): Proposal {
  const { coverLetterPreview, milestoneCount, attachmentCount, ...rest } = summary;
  void attachmentCount;
  return {
    ...rest,
    coverLetter: `${coverLetterPreview.replace('…', '')} and finish with a 12-week demand forecast.`,
    milestones:
      milestoneCount > 0
        ? [
            { title: 'Discovery and data model', amount: 4500, dueInDays: 14 },
            { title: 'Dashboards and forecast', amount: summary.price.amount - 4500, dueInDays: 60 },
          ]
        : [],
    attachments: [
      {
        id: '5a2d8f1c-3e6b-4c90-a7d4-8b1f0e3c6a29',
        name: 'power-bi-distribution-case-study.pdf',
        url: '/uploads/files/5a2d8f1c.pdf',
        size: 1843200,
        contentType: 'application/pdf',
      },
    ],
    conversation: null,
    declineReason: null,
    ...overrides,
  };
}

export const envelope = (data: unknown, message = 'OK') => ({ status: 'success', message, data });
