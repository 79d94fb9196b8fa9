import { createFileRoute } from '@tanstack/react-router';
import { FreelancerServicesPage } from '@/features/profiles/FreelancerServicesPage';
import { prefetchFreelancerWithServices } from '@/features/profiles/publicReads';

export const Route = createFileRoute('/freelancer/$uid/services/')({
  // The freelancer and their services, as FreelancerServicesPage asks for them (a failed call is
  // the page's to show).
  loader: ({ context: { queryClient }, params: { uid } }) => prefetchFreelancerWithServices(queryClient, uid),
  component: FreelancerServicesRoute,
});

function FreelancerServicesRoute() {
  const { uid } = Route.useParams();
  return <FreelancerServicesPage uid={uid} />;
}
