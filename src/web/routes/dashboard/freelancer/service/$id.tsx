import { createFileRoute } from '@tanstack/react-router';
import {
  FreelancerServicePage as FreelancerService,
  prefetchFreelancerService,
} from '@/features/provider-dashboard/FreelancerServicePage';
import { allowTypes } from '@/lib/guards';

interface ServiceSearch {
  service?: string;
}

export const Route = createFileRoute('/dashboard/freelancer/service/$id')({
  beforeLoad: allowTypes('client'),
  validateSearch: (search: Record<string, unknown>): ServiceSearch =>
    typeof search.service === 'string' && /^[a-z0-9-]{1,80}$/.test(search.service) ? { service: search.service } : {},
  loaderDeps: ({ search }) => ({ service: search.service }),
  // The freelancer, their services and the shown service's projects, as FreelancerServicePage
  // asks for them; a freelancer who is not there (404) is the page's to say.
  loader: ({ context: { queryClient }, params: { id }, deps }) =>
    prefetchFreelancerService(queryClient, id, deps.service),
  component: FreelancerServicePage,
});

function FreelancerServicePage() {
  const { id } = Route.useParams();
  const { service } = Route.useSearch();
  return <FreelancerService key={id} uid={id} serviceSlug={service} />;
}
