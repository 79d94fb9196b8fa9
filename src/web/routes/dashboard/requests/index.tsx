import { createFileRoute } from '@tanstack/react-router';
import { ClientRequestsPage } from '@/features/dashboard-requests/ClientRequestsPage';
import { requestsSearch } from '@/features/dashboard-requests/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/')({
  beforeLoad: signedIn,
  validateSearch: requestsSearch,
  component: RequestsPage,
});

function RequestsPage() {
  const search = Route.useSearch();
  return <ClientRequestsPage search={search} />;
}
