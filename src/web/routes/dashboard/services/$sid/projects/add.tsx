import { createFileRoute } from '@tanstack/react-router';
import { AddProjectPage as AddProject } from '@/features/provider-dashboard/ProjectFormPage';
import { prefetchProjectSizes } from '@/features/provider-dashboard/ProjectSizeWidget';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/$sid/projects/add')({
  beforeLoad: signedInAs('freelancer'),
  // The project sizes the form's size field is worded by, as the field asks for them.
  loader: ({ context: { queryClient } }) => prefetchProjectSizes(queryClient),
  component: AddAProjectPage,
});

function AddAProjectPage() {
  const { sid } = Route.useParams();
  return <AddProject key={sid} serviceSlug={sid} />;
}
