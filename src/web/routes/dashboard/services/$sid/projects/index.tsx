import { createFileRoute } from '@tanstack/react-router';
import { getListFreelancerServiceProjectsQueryOptions } from '@/api/generated/freelancer/freelancer';
import type { ProviderServiceFamilySlug } from '@/api/generated/model';
import { ProjectsPage as ServiceProjects, serviceProjectsParams } from '@/features/provider-dashboard/ProjectsPage';
import { signedInAs } from '@/lib/guards';
import { LOADER_READ } from '@/lib/loaderRead';

interface ProjectsSearch {
  page?: number;
}

export const Route = createFileRoute('/dashboard/services/$sid/projects/')({
  beforeLoad: signedInAs('freelancer'),
  validateSearch: (search: Record<string, unknown>): ProjectsSearch => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page }),
  // The service's page of projects, as ProjectsPage asks for it; a failed call is the page's to
  // show, with its retry.
  loader: ({ context: { queryClient }, params: { sid }, deps }) =>
    queryClient.prefetchQuery(
      getListFreelancerServiceProjectsQueryOptions(
        sid as ProviderServiceFamilySlug,
        serviceProjectsParams(deps.page),
        LOADER_READ,
      ),
    ),
  component: ProjectsPage,
});

function ProjectsPage() {
  const { sid } = Route.useParams();
  const { page } = Route.useSearch();
  return <ServiceProjects key={sid} serviceSlug={sid} page={page ?? 1} />;
}
