import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import {
  getGetPublicFreelancerProfileQueryKey,
  getGetPublicFreelancerProjectQueryKey,
  getListPublicFreelancerProjectsQueryKey,
  getListPublicFreelancerServicesQueryKey,
} from '@/api/generated/freelancer/freelancer';
import { getListBusinessPlansQueryKey, getListVersigemsBundlesQueryKey } from '@/api/generated/payments/payments';
import { getGetReviewInvitationQueryKey } from '@/api/generated/provider/provider';
import { getGetPublicServiceRequestQueryKey } from '@/api/generated/requests/requests';
import type { ProviderServiceFamilySlug } from '@/api/generated/model';
import { createAppRouter } from '@/router';
import { PROJECTS_PAGE_SIZE } from '@/features/profiles/publicReads';
import { ANY_SLUG } from '@/lib/jobRead';

// A public page's first screen is asked for by its route's loader, before the page renders, under
// the keys the page reads: the page then draws from the cache instead of asking after it renders.

const UID = '4b7e1c9a-6f2d-4e8b-a1c3-9d5f7e2b8a64';
const PID = '9a3f6c21-5b7e-4d2a-8c1f-3e6b9d0a7f52';
const SID = 'finance-transformation' as ProviderServiceFamilySlug;

type AppRouter = ReturnType<typeof createAppRouter>;

/** Runs the route's guards and loader for a visitor, renders nothing; returns what was asked. */
async function load(preload: (router: AppRouter) => Promise<unknown>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/*', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return HttpResponse.json({ status: 'success', message: 'OK', data: {} });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: ['/'] }) });
  router.update({
    ...router.options,
    context: { ...router.options.context, auth: { isAuthenticated: false, user: null, isLoading: false } },
  });
  await preload(router);
  return { asked, queryClient };
}

describe("public pages' loaders", () => {
  it.each([
    {
      page: "a freelancer's profile",
      preload: (router: AppRouter) => router.preloadRoute({ to: '/freelancer/$uid/', params: { uid: UID } }),
      keys: [getGetPublicFreelancerProfileQueryKey(UID), getListPublicFreelancerServicesQueryKey(UID)],
    },
    {
      page: "a freelancer's services",
      preload: (router: AppRouter) => router.preloadRoute({ to: '/freelancer/$uid/services/', params: { uid: UID } }),
      keys: [getGetPublicFreelancerProfileQueryKey(UID), getListPublicFreelancerServicesQueryKey(UID)],
    },
    {
      page: "a service's projects, page 2",
      preload: (router: AppRouter) =>
        router.preloadRoute({
          to: '/freelancer/$uid/services/$sid/projects/',
          params: { uid: UID, sid: SID },
          search: { page: 2 },
        }),
      keys: [
        getGetPublicFreelancerProfileQueryKey(UID),
        getListPublicFreelancerProjectsQueryKey(UID, SID, { page: 2, pageSize: PROJECTS_PAGE_SIZE }),
      ],
    },
    {
      page: 'a project',
      preload: (router: AppRouter) =>
        router.preloadRoute({
          to: '/freelancer/$uid/services/$sid/projects/$pid/details/',
          params: { uid: UID, sid: SID, pid: PID },
        }),
      keys: [getGetPublicFreelancerProfileQueryKey(UID), getGetPublicFreelancerProjectQueryKey(UID, PID)],
    },
    {
      page: 'a job',
      preload: (router: AppRouter) => router.preloadRoute({ to: '/jobs/$refId/', params: { refId: 'VR-7K2M9Q4X' } }),
      keys: [getGetPublicServiceRequestQueryKey('VR-7K2M9Q4X', ANY_SLUG)],
    },
    {
      page: 'the pricing',
      preload: (router: AppRouter) => router.preloadRoute({ to: '/pricing/' }),
      keys: [getListBusinessPlansQueryKey({ interval: 'month' }), getListVersigemsBundlesQueryKey()],
    },
    {
      page: "a freelancer's review link",
      preload: (router: AppRouter) =>
        router.preloadRoute({ to: '/freelancer/review/$token/leave/', params: { token: 'rv-freelancer-token' } }),
      keys: [getGetReviewInvitationQueryKey('rv-freelancer-token')],
    },
    {
      page: "a business's review link",
      preload: (router: AppRouter) =>
        router.preloadRoute({ to: '/business/review/$token/leave/', params: { token: 'rv-business-token' } }),
      keys: [getGetReviewInvitationQueryKey('rv-business-token')],
    },
  ])('$page: asked by the route, under the keys the page reads', async ({ preload, keys }) => {
    const { asked, queryClient } = await load(preload);
    for (const key of keys)
      await waitFor(() => expect(queryClient.getQueryData(key), JSON.stringify(key)).toBeDefined());
    // Each asked once.
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('asks nothing for an address that is no job', async () => {
    const { asked } = await load((router) =>
      router.preloadRoute({ to: '/jobs/$refId/', params: { refId: 'not-a-job' } }),
    );
    expect(asked.filter((path) => path.includes('/service/'))).toEqual([]);
  });
});
