import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/jobs/$refId/proposals/submit')({
  beforeLoad: signedInAs('freelancer', 'business'),
  component: SubmitAProposalPage,
});

function SubmitAProposalPage() {
  return <ComingSoon title="Submit a proposal" />;
}
