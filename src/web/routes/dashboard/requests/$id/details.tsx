import { createFileRoute } from '@tanstack/react-router';
import { getGetServiceRequestQueryOptions } from '@/api/generated/requests/requests';
import { RequestDetailsPage } from '@/features/dashboard-requests/RequestDetailsPage';
import { DEFAULT_DETAIL_TAB, requestDetailsSearch } from '@/features/dashboard-requests/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/$id/details')({
  beforeLoad: signedIn,
  validateSearch: requestDetailsSearch,
  // The request, as RequestDetailsPage asks for it (only a client has requests); a request that
  // is not there (404) is the page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient, auth }, params: { id } }) =>
    auth.user?.accountType === 'client' ? queryClient.prefetchQuery(getGetServiceRequestQueryOptions(id)) : undefined,
  component: RequestDetails,
});

function RequestDetails() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RequestDetailsPage
      id={id}
      search={search}
      onTab={(next) =>
        void navigate({ search: next === DEFAULT_DETAIL_TAB ? {} : { tab: next }, replace: true, resetScroll: false })
      }
    />
  );
}
