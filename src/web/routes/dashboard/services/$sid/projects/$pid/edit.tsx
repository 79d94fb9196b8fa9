import { createFileRoute } from '@tanstack/react-router';
import { EditProjectPage as EditProject } from '@/features/provider-dashboard/ProjectFormPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/$sid/projects/$pid/edit')({
  beforeLoad: signedInAs('freelancer'),
  component: EditProjectPage,
});

function EditProjectPage() {
  const { sid, pid } = Route.useParams();
  return <EditProject key={pid} serviceSlug={sid} projectId={pid} />;
}
