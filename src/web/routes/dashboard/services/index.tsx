import { createFileRoute } from '@tanstack/react-router';
import { CompletionCard } from '@/features/profile-completion/CompletionCard';
import { ServicesPage } from '@/features/provider-dashboard/ServicesPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/')({
  beforeLoad: signedInAs('freelancer'),
  component: FreelancerServicesHome,
});

function FreelancerServicesHome() {
  return <ServicesPage completion={<CompletionCard />} />;
}
