import { createFileRoute } from '@tanstack/react-router';
import { ProjectDetailsPage as ProjectDetails } from '@/features/provider-dashboard/ProjectsPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/$sid/projects/$pid/details')({
  beforeLoad: signedInAs('freelancer'),
  component: ProjectDetailsPage,
});

function ProjectDetailsPage() {
  const { sid, pid } = Route.useParams();
  return <ProjectDetails serviceSlug={sid} projectId={pid} />;
}
