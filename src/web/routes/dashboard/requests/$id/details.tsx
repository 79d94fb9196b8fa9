import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/requests/$id/details')({
  beforeLoad: signedIn,
  component: RequestDetailsPage,
});

function RequestDetailsPage() {
  return <ComingSoon title="Request details" back="dashboard" />;
}
