import type { FreelancerProject, FreelancerProjectSummary } from '@/api/generated/model';

export const SERVICE = 'data-and-analytics';

export function summary(overrides: Partial<FreelancerProjectSummary> = {}): FreelancerProjectSummary {
  return {
    id: '51c8a2e7-9f3b-4a6d-b0e1-8d4c2f7a9e16',
    service: { slug: SERVICE, label: 'Data and Analytics' },
    title: 'Inventory and margin dashboards for a wholesale distributor',
    excerpt: 'Modelled three years of NetSuite and warehouse data in Snowflake and built Power BI dashboards…',
    projectSize: { slug: 'medium', label: 'Medium ($5,000 to $25,000)' },
    coverImageUrl: '/uploads/projects/51c8a2e7/inventory-480.webp',
    tools: [{ id: 42, slug: 'power-bi', name: 'Power BI' }],
    startedOn: '2025-05-05',
    completedOn: '2025-07-25',
    imageCount: 2,
    fileCount: 0,
    updatedAt: '2026-02-02T13:37:50Z',
    ...overrides,
  } as FreelancerProjectSummary;
}

export function project(overrides: Partial<FreelancerProject> = {}): FreelancerProject {
  return {
    id: '51c8a2e7-9f3b-4a6d-b0e1-8d4c2f7a9e16',
    service: { slug: SERVICE, label: 'Data and Analytics' },
    title: 'Inventory and margin dashboards for a wholesale distributor',
    description:
      'Modelled three years of NetSuite and warehouse data in Snowflake and built Power BI dashboards that flag slow stock weekly.',
    projectSize: { slug: 'medium', label: 'Medium ($5,000 to $25,000)' },
    role: 'Lead analyst',
    url: null,
    tools: [{ id: 42, slug: 'power-bi', name: 'Power BI' }],
    startedOn: '2025-05-05',
    completedOn: '2025-07-25',
    images: [
      {
        id: '6d2a9f13-4c8b-4e7a-9b1d-2f5e8c3a7d40',
        name: 'inventory.png',
        url: '/uploads/projects/51c8a2e7/inventory.webp',
        thumbnailUrl: '/uploads/projects/51c8a2e7/inventory-480.webp',
        width: 1600,
        height: 900,
        size: 201_000,
        contentType: 'image/webp',
      },
      {
        id: '8f1b3c6e-2a5d-4f9c-b7e8-1d4a6c9b2e57',
        name: 'margins.png',
        url: '/uploads/projects/51c8a2e7/margins.webp',
        thumbnailUrl: '/uploads/projects/51c8a2e7/margins-480.webp',
        width: 1600,
        height: 900,
        size: 181_000,
        contentType: 'image/webp',
      },
    ],
    files: [],
    createdAt: '2026-02-02T13:37:50Z',
    updatedAt: '2026-02-02T13:37:50Z',
    ...overrides,
  } as FreelancerProject;
}

export const page = (items: FreelancerProjectSummary[], total = items.length) => ({
  status: 'success',
  message: 'OK',
  data: { items, pagination: { page: 1, pageSize: 12, total, totalPages: Math.max(1, Math.ceil(total / 12)) } },
});

export const PROJECT_SIZES = {
  status: 'success',
  message: 'OK',
  data: [
    {
      id: 1,
      slug: 'small',
      label: 'Small (under $5,000)',
      description: 'A quick win.',
      minBudget: 0,
      maxBudget: 5000,
      currency: 'USD',
    },
    {
      id: 2,
      slug: 'medium',
      label: 'Medium ($5,000 to $25,000)',
      description: 'A focused engagement.',
      minBudget: 5000,
      maxBudget: 25000,
      currency: 'USD',
    },
    {
      id: 3,
      slug: 'large',
      label: 'Large ($25,000 to $100,000)',
      description: 'A multi-month project.',
      minBudget: 25000,
      maxBudget: 100000,
      currency: 'USD',
    },
    {
      id: 4,
      slug: 'enterprise',
      label: 'Enterprise (over $100,000)',
      description: 'A programme.',
      minBudget: 100000,
      maxBudget: null,
      currency: 'USD',
    },
  ],
};
