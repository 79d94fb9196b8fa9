import { createFileRoute } from '@tanstack/react-router';
import { FreelancerProjectsPage } from '@/features/profiles/FreelancerProjectsPage';
import { parseProjectsSearch } from '@/features/profiles/projectsSearch';
import { prefetchFreelancerProjects } from '@/features/profiles/publicReads';

export const Route = createFileRoute('/freelancer/$uid/services/$sid/projects/')({
  validateSearch: parseProjectsSearch,
  loaderDeps: ({ search: { page } }) => ({ page }),
  // The freelancer and the page of projects, as FreelancerProjectsPage asks for them (a failed
  // call is the page's to show).
  loader: ({ context: { queryClient }, params: { uid, sid }, deps: { page } }) =>
    prefetchFreelancerProjects(queryClient, uid, sid, page),
  component: FreelancerProjectsRoute,
});

function FreelancerProjectsRoute() {
  const { uid, sid } = Route.useParams();
  const { page } = Route.useSearch();
  return <FreelancerProjectsPage uid={uid} sid={sid} page={page} />;
}
