import { createFileRoute } from '@tanstack/react-router';
import { ProjectsPage as ServiceProjects } from '@/features/provider-dashboard/ProjectsPage';
import { signedInAs } from '@/lib/guards';

interface ProjectsSearch {
  page?: number;
}

export const Route = createFileRoute('/dashboard/services/$sid/projects/')({
  beforeLoad: signedInAs('freelancer'),
  validateSearch: (search: Record<string, unknown>): ProjectsSearch => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  component: ProjectsPage,
});

function ProjectsPage() {
  const { sid } = Route.useParams();
  const { page } = Route.useSearch();
  return <ServiceProjects key={sid} serviceSlug={sid} page={page ?? 1} />;
}
