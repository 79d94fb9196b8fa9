import { createFileRoute } from '@tanstack/react-router';
import { EditRequestPage } from '@/features/requests/EditRequestPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/$id/edit')({
  beforeLoad: signedInAs('client'),
  component: EditRequestRoute,
});

function EditRequestRoute() {
  const { id } = Route.useParams();
  return <EditRequestPage id={id} />;
}
