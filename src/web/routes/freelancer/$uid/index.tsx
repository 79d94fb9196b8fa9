import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/freelancer/$uid/')({
  component: FreelancerProfilePage,
});

function FreelancerProfilePage() {
  return <ComingSoon title="Freelancer profile" />;
}
