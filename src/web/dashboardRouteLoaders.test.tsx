import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { RequestHandler } from 'msw';
import { server, useScenario } from '../../mocks/node';
import { answer } from '../../mocks/handlers';
import { businessUser, clientUser, freelancerUser } from '../../mocks/fixtures/users';
import type { AuthUser } from '@/api/generated/model';
import { getGetEmailPreferencesQueryKey } from '@/api/generated/account/account';
import { getGetBusinessProfileQueryKey } from '@/api/generated/business/business';
import { getGetClientSettingsQueryKey } from '@/api/generated/client/client';
import {
  getGetFreelancerProjectQueryKey,
  getGetFreelancerSettingsQueryKey,
  getGetPublicFreelancerProfileQueryKey,
  getListFreelancerReviewsAndReferencesQueryKey,
  getListFreelancerServiceProjectsQueryKey,
  getListProjectSizesQueryKey,
  getListPublicFreelancerProjectsQueryKey,
  getListPublicFreelancerServicesQueryKey,
} from '@/api/generated/freelancer/freelancer';
import { getListConversationsQueryKey } from '@/api/generated/messages/messages';
import {
  getGetVersigemsBalanceQueryKey,
  getListBusinessPlansQueryKey,
  getListVersigemsBundlesQueryKey,
} from '@/api/generated/payments/payments';
import {
  getGetProposalQueryKey,
  getListMyProposalsQueryKey,
  getListServiceRequestProposalsQueryKey,
} from '@/api/generated/proposals/proposals';
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
import { PROJECTS_PAGE_SIZE } from '@/features/provider-dashboard/ProjectsPage';
import { createAppRouter, type AppRouter } from '@/router';
import { ANY_SLUG } from '@/lib/jobRead';
import { conversationThreadKey } from '@/lib/messageEvents';

const REQUEST_ID = '3e8b9a74-1c65-4f3d-8a2b-7d4f5e6c3a03';
const PROPOSAL_ID = '4f9cab85-2d76-4a4e-9b3c-8e5a6f7d4b04';
const PROJECT_ID = '7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e07';
const CONVERSATION_ID = '8d4e5f60-7b8c-4d9e-8f0a-2b3c4d5e6f08';
const FREELANCER_ID = '9e5f6071-8c9d-4e0f-9a1b-3c4d5e6f7a09';

/** A freelancer's public services, the second of them named by the address. */
const publicServices = answer('ListPublicFreelancerServices', {
  status: 'success',
  message: 'OK',
  data: [{ service: { slug: 'data-and-analytics' } }, { service: { slug: 'machine-learning-and-ai' } }],
});

interface Row {
  route: string;
  user: AuthUser;
  scenario: 'client' | 'freelancer' | 'business';
  /** Answers the row needs besides the scenario's. */
  handlers?: RequestHandler[];
  /** Runs the route's guards and loader, renders nothing. */
  preload: (router: AppRouter) => Promise<unknown>;
  /** The keys the page reads on its first screen. */
  keys: QueryKey[];
  /** Keys this account cannot read: the loader does not ask for them. */
  notKeys?: QueryKey[];
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
    keys: [getGetPublicServiceRequestQueryKey('VR-7K3D9Q2M', ANY_SLUG)],
  },
  {
    route: '/dashboard/settings/ (client)',
    user: clientUser,
    scenario: 'client',
    preload: (router) => router.preloadRoute({ to: '/dashboard/settings/' }),
    keys: [getGetClientSettingsQueryKey(), getGetEmailPreferencesQueryKey()],
    notKeys: [getGetFreelancerSettingsQueryKey(), getListFreelancerReviewsAndReferencesQueryKey()],
  },
  {
    route: '/dashboard/settings/ (freelancer)',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/settings/' }),
    // The saved sections, the email preferences and the review requests.
    keys: [
      getGetFreelancerSettingsQueryKey(),
      getGetEmailPreferencesQueryKey(),
      getListFreelancerReviewsAndReferencesQueryKey(),
    ],
    notKeys: [getGetClientSettingsQueryKey()],
  },
  {
    route: '/dashboard/settings/ (business)',
    user: businessUser,
    scenario: 'business',
    preload: (router) => router.preloadRoute({ to: '/dashboard/settings/' }),
    keys: [getGetEmailPreferencesQueryKey()],
    notKeys: [
      getGetClientSettingsQueryKey(),
      getGetFreelancerSettingsQueryKey(),
      getListFreelancerReviewsAndReferencesQueryKey(),
    ],
  },
  {
    route: '/dashboard/business/profile/',
    user: businessUser,
    scenario: 'business',
    preload: (router) => router.preloadRoute({ to: '/dashboard/business/profile/' }),
    keys: [getGetBusinessProfileQueryKey()],
  },
  {
    route: '/dashboard/business/pricing/',
    user: businessUser,
    scenario: 'business',
    preload: (router) => router.preloadRoute({ to: '/dashboard/business/pricing/' }),
    // The plans for the server's default interval, with what the business pays.
    keys: [getListBusinessPlansQueryKey()],
  },
  {
    route: '/dashboard/complete/profile/ (client)',
    user: clientUser,
    scenario: 'client',
    preload: (router) => router.preloadRoute({ to: '/dashboard/complete/profile/' }),
    // The about form starts from the saved sections.
    keys: [getGetClientSettingsQueryKey()],
    notKeys: [getGetPublicFreelancerProfileQueryKey(clientUser.id)],
  },
  {
    route: '/dashboard/complete/education/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/complete/education/' }),
    // A freelancer's sections start from their public profile.
    keys: [getGetPublicFreelancerProfileQueryKey(freelancerUser.id)],
    notKeys: [getGetClientSettingsQueryKey()],
  },
  {
    route: '/dashboard/complete/experience/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/complete/experience/' }),
    keys: [getGetPublicFreelancerProfileQueryKey(freelancerUser.id)],
  },
  {
    route: '/dashboard/complete/languages/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) => router.preloadRoute({ to: '/dashboard/complete/languages/' }),
    keys: [getGetPublicFreelancerProfileQueryKey(freelancerUser.id)],
  },
  {
    route: '/dashboard/requests/$id/edit/',
    user: clientUser,
    scenario: 'client',
    preload: (router) => router.preloadRoute({ to: '/dashboard/requests/$id/edit/', params: { id: REQUEST_ID } }),
    // Under the key the request's details page reads too.
    keys: [getGetServiceRequestQueryKey(REQUEST_ID)],
  },
  {
    route: '/dashboard/requests/$id/confirmation/$pid/$sid/',
    user: clientUser,
    scenario: 'client',
    preload: (router) =>
      router.preloadRoute({
        to: '/dashboard/requests/$id/confirmation/$pid/$sid/',
        params: { id: REQUEST_ID, pid: PROPOSAL_ID, sid: FREELANCER_ID },
      }),
    // The request, the proposal and the request's proposal counts.
    keys: [
      getGetServiceRequestQueryKey(REQUEST_ID),
      getGetProposalQueryKey(PROPOSAL_ID),
      getListServiceRequestProposalsQueryKey(REQUEST_ID, { pageSize: 1 }),
    ],
  },
  {
    route: '/dashboard/services/$sid/projects/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) =>
      router.preloadRoute({
        to: '/dashboard/services/$sid/projects/',
        params: { sid: 'data-and-analytics' },
        search: { page: 2 },
      }),
    keys: [getListFreelancerServiceProjectsQueryKey('data-and-analytics', { page: 2, pageSize: PROJECTS_PAGE_SIZE })],
  },
  {
    route: '/dashboard/services/$sid/projects/add/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) =>
      router.preloadRoute({ to: '/dashboard/services/$sid/projects/add/', params: { sid: 'data-and-analytics' } }),
    // The sizes the form's size field is worded by.
    keys: [getListProjectSizesQueryKey()],
  },
  {
    route: '/dashboard/services/$sid/projects/$pid/details/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) =>
      router.preloadRoute({
        to: '/dashboard/services/$sid/projects/$pid/details/',
        params: { sid: 'data-and-analytics', pid: PROJECT_ID },
      }),
    keys: [getGetFreelancerProjectQueryKey(PROJECT_ID)],
  },
  {
    route: '/dashboard/services/$sid/projects/$pid/edit/',
    user: freelancerUser,
    scenario: 'freelancer',
    preload: (router) =>
      router.preloadRoute({
        to: '/dashboard/services/$sid/projects/$pid/edit/',
        params: { sid: 'data-and-analytics', pid: PROJECT_ID },
      }),
    keys: [getGetFreelancerProjectQueryKey(PROJECT_ID), getListProjectSizesQueryKey()],
  },
  {
    route: '/dashboard/freelancer/service/$id/',
    user: clientUser,
    scenario: 'client',
    handlers: [publicServices],
    preload: (router) =>
      router.preloadRoute({
        to: '/dashboard/freelancer/service/$id/',
        params: { id: FREELANCER_ID },
        search: { service: 'machine-learning-and-ai' },
      }),
    // The freelancer, their services, and the projects of the service the address names.
    keys: [
      getGetPublicFreelancerProfileQueryKey(FREELANCER_ID),
      getListPublicFreelancerServicesQueryKey(FREELANCER_ID),
      getListPublicFreelancerProjectsQueryKey(FREELANCER_ID, 'machine-learning-and-ai', { page: 1, pageSize: 12 }),
    ],
  },
  {
    route: '/dashboard/messages/conversation/$id/details/',
    user: clientUser,
    scenario: 'client',
    // Opened, not preloaded: a link's hover does not read the thread (see below).
    preload: (router) =>
      router.navigate({ to: '/dashboard/messages/conversation/$id/details/', params: { id: CONVERSATION_ID } }),
    // The thread's newest page, under the key of the page's infinite query.
    keys: [conversationThreadKey(CONVERSATION_ID)],
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
    if (row.handlers) server.use(...row.handlers);
    const { router, queryClient } = signedInRouter(row.user);
    await row.preload(router);
    // Under the keys the page reads (a loader that does not wait for them has started them).
    for (const key of row.keys) {
      await waitFor(() => expect(queryClient.getQueryData(key), JSON.stringify(key)).toBeDefined());
    }
    for (const key of row.notKeys ?? []) expect(queryClient.getQueryState(key), JSON.stringify(key)).toBeUndefined();
  });

  it("does not read a conversation's thread on a link's hover: reading it marks its messages read", async () => {
    useScenario('client');
    const { router, queryClient } = signedInRouter(clientUser);
    await router.preloadRoute({
      to: '/dashboard/messages/conversation/$id/details/',
      params: { id: CONVERSATION_ID },
    });
    expect(queryClient.getQueryState(conversationThreadKey(CONVERSATION_ID))).toBeUndefined();
  });
});
