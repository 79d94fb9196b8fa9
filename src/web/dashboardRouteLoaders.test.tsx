import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { useScenario } from '../../mocks/node';
import { clientUser, freelancerUser } from '../../mocks/fixtures/users';
import type { AuthUser } from '@/api/generated/model';
import { getListFreelancerServiceProjectsQueryKey } from '@/api/generated/freelancer/freelancer';
import { getListConversationsQueryKey } from '@/api/generated/messages/messages';
import { getGetVersigemsBalanceQueryKey, getListVersigemsBundlesQueryKey } from '@/api/generated/payments/payments';
import { getGetProposalQueryKey, getListMyProposalsQueryKey } from '@/api/generated/proposals/proposals';
import { getListRemainingOtherServicesQueryKey } from '@/api/generated/provider/provider';
import {
  getGetPublicServiceRequestQueryKey,
  getGetServiceRequestQueryKey,
  getListClientServiceRequestsQueryKey,
} from '@/api/generated/requests/requests';
import { REQUESTS_PAGE_SIZE } from '@/features/dashboard-requests/ClientRequestsPage';
import { CONVERSATIONS_PAGE_SIZE } from '@/features/messages/ConversationListPage';
import { LEDGER_PAGE_SIZE } from '@/features/payments/BuyVersigemsPage';
import { PROPOSALS_PAGE_SIZE } from '@/features/proposals/MyProposalsPage';
import { createAppRouter, type AppRouter } from '@/router';

const REQUEST_ID = '3e8b9a74-1c65-4f3d-8a2b-7d4f5e6c3a03';
const PROPOSAL_ID = '4f9cab85-2d76-4a4e-9b3c-8e5a6f7d4b04';

interface Row {
  route: string;
  user: AuthUser;
  scenario: 'client' | 'freelancer';
  /** Runs the route's guards and loader, renders nothing. */
  preload: (router: AppRouter) => Promise<unknown>;
  /** The keys the page reads on its first screen. */
  keys: QueryKey[];
}

const rows: Row[] = [
  {
    route: '/dashboard/requests/',
    user: clientUser,
    scenario: 'client',
    preload: (router) => router.preloadRoute({ to: '/dashboard/requests/', search: { status: 'open', page: 2 } }),
    keys: [getListClientServiceRequestsQueryKey({ status: 'open', page: 2, pageSize: REQUESTS_PAGE_SIZE })],
  },
  {
    route: '/dashboard/requests/$id/details/',
    user: clientUser,
    scenario: 'client',
    preload: (router) =>
      router.preloadRoute({ to: '/dashboard/requests/$id/details/', params: { id: REQUEST_ID }, search: {} }),
    keys: [getGetServiceRequestQueryKey(REQUEST_ID)],
  },
  {
    route: '/dashboard/proposals/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) =>
      router.preloadRoute({ to: '/dashboard/proposals/', search: { status: 'shortlisted', page: 3 } }),
    keys: [getListMyProposalsQueryKey({ status: 'shortlisted', page: 3, pageSize: PROPOSALS_PAGE_SIZE })],
  },
  {
    route: '/dashboard/proposals/$id/details/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/proposals/$id/details/', params: { id: PROPOSAL_ID } }),
    keys: [getGetProposalQueryKey(PROPOSAL_ID)],
  },
  {
    route: '/dashboard/services/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/services/' }),
    // One project count per service the freelancer offers, and the services left to add.
    keys: [
      getListFreelancerServiceProjectsQueryKey('data-and-analytics', { page: 1, pageSize: 1 }),
      getListFreelancerServiceProjectsQueryKey('machine-learning-and-ai', { page: 1, pageSize: 1 }),
      getListRemainingOtherServicesQueryKey(),
    ],
  },
  {
    route: '/dashboard/messages/',
    user: clientUser,
    scenario: 'client',
    preload: (router) => router.preloadRoute({ to: '/dashboard/messages/', search: { unread: true, page: 2 } }),
    keys: [getListConversationsQueryKey({ unread: true, page: 2, pageSize: CONVERSATIONS_PAGE_SIZE })],
  },
  {
    route: '/dashboard/plans/versigems/buy/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/plans/versigems/buy/' }),
    // The bundles, and the balance with the history's first page.
    keys: [getListVersigemsBundlesQueryKey(), getGetVersigemsBalanceQueryKey({ page: 1, pageSize: LEDGER_PAGE_SIZE })],
  },
  {
    route: '/jobs/$refId/proposals/submit/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) =>
      router.preloadRoute({ to: '/jobs/$refId/proposals/submit/', params: { refId: 'VR-7K3D9Q2M' } }),
    // The job, under the key the job page reads too.
    keys: [getGetPublicServiceRequestQueryKey('VR-7K3D9Q2M', '-')],
  },
];

function signedInRouter(user: AuthUser) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/'] }) });
  router.update({
    ...router.options,
    context: { ...router.options.context, auth: { isAuthenticated: true, user, isLoading: false } },
  });
  return { router, queryClient };
}

describe('the dashboard route loaders', () => {
  it.each(rows)('$route asks for its first screen in the loader, before the page renders', async (row) => {
    useScenario(row.scenario);
    const { router, queryClient } = signedInRouter(row.user);
    await row.preload(router);
    // Under the keys the page reads (a loader that does not wait for them has started them).
    for (const key of row.keys) {
      await waitFor(() => expect(queryClient.getQueryData(key), JSON.stringify(key)).toBeDefined());
    }
  });
});
