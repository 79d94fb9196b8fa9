import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/proposals/$id/details')({
  beforeLoad: signedIn,
  component: ProposalDetailsPage,
});

function ProposalDetailsPage() {
  return <ComingSoon title="Proposal details" back="dashboard" />;
}
