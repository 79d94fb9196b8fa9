import { createFileRoute } from '@tanstack/react-router';
import { AddProjectPage as AddProject } from '@/features/provider-dashboard/ProjectFormPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/$sid/projects/add')({
  beforeLoad: signedInAs('freelancer'),
  component: AddAProjectPage,
});

function AddAProjectPage() {
  const { sid } = Route.useParams();
  return <AddProject key={sid} serviceSlug={sid} />;
}
