import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/requests/')({
  beforeLoad: signedIn,
  component: RequestsPage,
});

function RequestsPage() {
  return <ComingSoon title="Requests" back="dashboard" />;
}
