import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/proposals/')({
  beforeLoad: signedIn,
  component: ProposalsPage,
});

function ProposalsPage() {
  return <ComingSoon title="Proposals" back="dashboard" />;
}
