import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/freelancer/$uid/services/')({
  component: FreelancerServicesPage,
});

function FreelancerServicesPage() {
  return <ComingSoon title="Freelancer services" />;
}
