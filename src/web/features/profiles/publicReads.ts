import type { QueryClient } from '@tanstack/react-query';
import {
  getGetPublicFreelancerProfileQueryOptions,
  getGetPublicFreelancerProjectQueryOptions,
  getListPublicFreelancerProjectsQueryOptions,
  getListPublicFreelancerServicesQueryOptions,
} from '@/api/generated/freelancer/freelancer';
import type { ProviderServiceFamilySlug } from '@/api/generated/model';
import { LOADER_READ } from '@/lib/loaderRead';

/** Projects shown per page on a service's projects page. */
export const PROJECTS_PAGE_SIZE = 12;

/** The projects page's list parameters, as its loader and the page ask for them. */
export const projectsParams = (page: number | undefined) => ({ page, pageSize: PROJECTS_PAGE_SIZE });

/*
 * What each public page's loader starts, under the keys the page reads: the freelancer (every
 * page shows them at the top) and the page's own record.
 */

/** The freelancer's profile page and services page: the freelancer and their services. */
export const prefetchFreelancerWithServices = (queryClient: QueryClient, uid: string) =>
  Promise.all([
    queryClient.prefetchQuery(getGetPublicFreelancerProfileQueryOptions(uid, LOADER_READ)),
    queryClient.prefetchQuery(getListPublicFreelancerServicesQueryOptions(uid, LOADER_READ)),
  ]);

export const prefetchFreelancerProjects = (queryClient: QueryClient, uid: string, sid: string, page?: number) =>
  Promise.all([
    queryClient.prefetchQuery(getGetPublicFreelancerProfileQueryOptions(uid, LOADER_READ)),
    queryClient.prefetchQuery(
      getListPublicFreelancerProjectsQueryOptions(
        uid,
        sid as ProviderServiceFamilySlug,
        projectsParams(page),
        LOADER_READ,
      ),
    ),
  ]);

export const prefetchFreelancerProject = (queryClient: QueryClient, uid: string, pid: string) =>
  Promise.all([
    queryClient.prefetchQuery(getGetPublicFreelancerProfileQueryOptions(uid, LOADER_READ)),
    queryClient.prefetchQuery(getGetPublicFreelancerProjectQueryOptions(uid, pid, LOADER_READ)),
  ]);
