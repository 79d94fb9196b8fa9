import { createFileRoute } from '@tanstack/react-router';
import { FreelancerServicePage as FreelancerService } from '@/features/provider-dashboard/FreelancerServicePage';
import { allowTypes } from '@/lib/guards';

interface ServiceSearch {
  service?: string;
}

export const Route = createFileRoute('/dashboard/freelancer/service/$id')({
  beforeLoad: allowTypes('client'),
  validateSearch: (search: Record<string, unknown>): ServiceSearch =>
    typeof search.service === 'string' && /^[a-z0-9-]{1,80}$/.test(search.service) ? { service: search.service } : {},
  component: FreelancerServicePage,
});

function FreelancerServicePage() {
  const { id } = Route.useParams();
  const { service } = Route.useSearch();
  return <FreelancerService key={id} uid={id} serviceSlug={service} />;
}
