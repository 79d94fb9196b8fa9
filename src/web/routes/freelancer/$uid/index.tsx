import { createFileRoute } from '@tanstack/react-router';
import { FreelancerProfilePage } from '@/features/profiles/FreelancerProfilePage';

export const Route = createFileRoute('/freelancer/$uid/')({
  component: FreelancerProfileRoute,
});

function FreelancerProfileRoute() {
  const { uid } = Route.useParams();
  return <FreelancerProfilePage uid={uid} />;
}
