import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, linkOptions } from '@tanstack/react-router';
import { editProjectLink, projectLink, projectsLink, publicProjectLink } from '@/features/provider-dashboard/paths';
import { jobLink, newRequestLink, PATHS, professionalsSearchLink, type AppPath } from '@/lib/paths';
import { createAppRouter } from '@/router';

/** The app's router, to turn link options into the URLs its links render. */
const router = createAppRouter(new QueryClient(), { history: createMemoryHistory() });

describe('links built from the route tree', () => {
  it('render the paths the spec gives them, with their trailing slashes', () => {
    expect(router.buildLocation(newRequestLink('mobile-app')).href).toBe('/request/new/mobile-app/');
    expect(router.buildLocation(newRequestLink('finance-transformation', 'other')).href).toBe(
      '/request/new/finance-transformation/other/',
    );
    expect(router.buildLocation(jobLink('VR-7K3D9Q2M')).href).toBe('/jobs/VR-7K3D9Q2M/');
    expect(router.buildLocation(professionalsSearchLink('  NetSuite ')).href).toBe('/find/professionals/?q=NetSuite');
    expect(router.buildLocation(professionalsSearchLink('')).href).toBe('/find/professionals/');
    expect(router.buildLocation(projectsLink('data-and-analytics')).href).toBe(
      '/dashboard/services/data-and-analytics/projects/',
    );
    expect(router.buildLocation(projectLink('data-and-analytics', 'p1')).href).toBe(
      '/dashboard/services/data-and-analytics/projects/p1/details/',
    );
    expect(router.buildLocation(editProjectLink('data-and-analytics', 'p1')).href).toBe(
      '/dashboard/services/data-and-analytics/projects/p1/edit/',
    );
    expect(router.buildLocation(publicProjectLink('u1', 'mobile-app', 'p1')).href).toBe(
      '/freelancer/u1/services/mobile-app/projects/p1/details/',
    );
  });

  it('name only routes that exist, each with its params (checked by tsc, which runs on the tests)', () => {
    // @ts-expect-error: no route has this path.
    const missing: AppPath = '/jobs/';
    // @ts-expect-error: the route takes a param, so it is no plain path.
    const withParams: AppPath = '/jobs/$refId/';
    // @ts-expect-error: every path of the spec ends with a slash.
    const noSlash: AppPath = '/about-us';
    // @ts-expect-error: the job page needs its refId.
    const noParams = linkOptions({ to: '/jobs/$refId/' });
    // @ts-expect-error: the professionals directory has no `query` in its search.
    const wrongSearch = linkOptions({ to: '/find/professionals/', search: { query: 'x' } });
    expect([missing, withParams, noSlash, noParams.to, wrongSearch.to]).toHaveLength(5);
    expect(Object.values(PATHS).every((path) => path.endsWith('/'))).toBe(true);
  });
});
