import { createFileRoute } from '@tanstack/react-router';
import { getGetServiceRequestQueryOptions } from '@/api/generated/requests/requests';
import { EditRequestPage } from '@/features/requests/EditRequestPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/$id/edit')({
  beforeLoad: signedInAs('client'),
  // The request, as EditRequestPage asks for it (under the key its details page reads too); a
  // request that is not there (404) is the page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient }, params: { id } }) =>
    queryClient.prefetchQuery(getGetServiceRequestQueryOptions(id)),
  component: EditRequestRoute,
});

function EditRequestRoute() {
  const { id } = Route.useParams();
  return <EditRequestPage id={id} />;
}
