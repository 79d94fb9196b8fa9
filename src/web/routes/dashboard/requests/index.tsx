import { createFileRoute } from '@tanstack/react-router';
import { getListClientServiceRequestsQueryOptions } from '@/api/generated/requests/requests';
import { ClientRequestsPage, requestsParams } from '@/features/dashboard-requests/ClientRequestsPage';
import { requestsSearch } from '@/features/dashboard-requests/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/')({
  beforeLoad: signedIn,
  validateSearch: requestsSearch,
  loaderDeps: ({ search }) => ({ search }),
  // The list's page, as ClientRequestsPage asks for it (only a client has requests); a failed
  // call is the page's to show, with its retry.
  loader: ({ context: { queryClient, auth }, deps }) =>
    auth.user?.accountType === 'client'
      ? queryClient.prefetchQuery(getListClientServiceRequestsQueryOptions(requestsParams(deps.search)))
      : undefined,
  component: RequestsPage,
});

function RequestsPage() {
  const search = Route.useSearch();
  return <ClientRequestsPage search={search} />;
}
