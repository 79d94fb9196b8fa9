import { createFileRoute } from '@tanstack/react-router';
import { FreelancerServicesPage } from '@/features/profiles/FreelancerServicesPage';

export const Route = createFileRoute('/freelancer/$uid/services/')({
  component: FreelancerServicesRoute,
});

function FreelancerServicesRoute() {
  const { uid } = Route.useParams();
  return <FreelancerServicesPage uid={uid} />;
}
