import { createFileRoute } from '@tanstack/react-router';
import { RequestDetailsPage } from '@/features/dashboard-requests/RequestDetailsPage';
import { DEFAULT_DETAIL_TAB, requestDetailsSearch } from '@/features/dashboard-requests/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/$id/details')({
  beforeLoad: signedIn,
  validateSearch: requestDetailsSearch,
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
