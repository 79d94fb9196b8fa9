import { createFileRoute } from '@tanstack/react-router';
import { ProposalSubmitPage } from '@/features/proposals/ProposalSubmitPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/jobs/$refId/proposals/submit')({
  // Providers only: a visitor signs in first (and comes back here), a client gets 403.
  beforeLoad: signedInAs('freelancer', 'business'),
  component: SubmitAProposalPage,
});

function SubmitAProposalPage() {
  const { refId } = Route.useParams();
  return <ProposalSubmitPage key={refId} refId={refId} />;
}
