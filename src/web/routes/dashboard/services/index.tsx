import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/services/')({
  beforeLoad: signedInAs('freelancer'),
  component: YourServicesPage,
});

function YourServicesPage() {
  return <ComingSoon title="Your services" back="dashboard" />;
}
