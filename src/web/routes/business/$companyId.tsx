import { createFileRoute } from '@tanstack/react-router';
import { getGetPublicBusinessProfileQueryOptions } from '@/api/generated/business/business';
import { BusinessProfilePage } from '@/features/profiles/BusinessProfilePage';

export const Route = createFileRoute('/business/$companyId')({
  // The loader stays in the entry chunk, so the call leaves while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  // The profile, as BusinessProfilePage asks for it; a profile that is not there (404) is the
  // page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient }, params: { companyId } }) =>
    queryClient.prefetchQuery(getGetPublicBusinessProfileQueryOptions(companyId, { query: { retry: false } })),
  component: BusinessProfileRoute,
});

function BusinessProfileRoute() {
  const { companyId } = Route.useParams();
  return <BusinessProfilePage companyId={companyId} />;
}
