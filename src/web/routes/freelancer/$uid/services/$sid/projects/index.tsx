import { createFileRoute } from '@tanstack/react-router';
import { FreelancerProjectsPage } from '@/features/profiles/FreelancerProjectsPage';
import { parseProjectsSearch } from '@/features/profiles/projectsSearch';

export const Route = createFileRoute('/freelancer/$uid/services/$sid/projects/')({
  validateSearch: parseProjectsSearch,
  component: FreelancerProjectsRoute,
});

function FreelancerProjectsRoute() {
  const { uid, sid } = Route.useParams();
  const { page } = Route.useSearch();
  return <FreelancerProjectsPage uid={uid} sid={sid} page={page} />;
}
