import { createFileRoute } from '@tanstack/react-router';
import { allowTypes } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/freelancer/service/$id')({
  beforeLoad: allowTypes('client'),
  component: FreelancerServicePage,
});

function FreelancerServicePage() {
  return <ComingSoon title="Freelancer service" />;
}
