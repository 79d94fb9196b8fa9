import { createFileRoute } from '@tanstack/react-router';
import { getGetFreelancerProjectQueryOptions } from '@/api/generated/freelancer/freelancer';
import { ProjectDetailsPage as ProjectDetails } from '@/features/provider-dashboard/ProjectsPage';
import { signedInAs } from '@/lib/guards';
import { LOADER_READ } from '@/lib/loaderRead';

export const Route = createFileRoute('/dashboard/services/$sid/projects/$pid/details')({
  beforeLoad: signedInAs('freelancer'),
  // The project, as ProjectDetailsPage asks for it; a project that is not there (404) is the
  // page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient }, params: { pid } }) =>
    queryClient.prefetchQuery(getGetFreelancerProjectQueryOptions(pid, LOADER_READ)),
  component: ProjectDetailsPage,
});

function ProjectDetailsPage() {
  const { sid, pid } = Route.useParams();
  return <ProjectDetails serviceSlug={sid} projectId={pid} />;
}
