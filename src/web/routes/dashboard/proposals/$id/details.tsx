import { createFileRoute } from '@tanstack/react-router';
import { ProposalDetailsPage } from '@/features/proposals/ProposalDetailsPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/proposals/$id/details')({
  beforeLoad: signedInAs('freelancer', 'business'),
  component: ProposalPage,
});

function ProposalPage() {
  const { id } = Route.useParams();
  return <ProposalDetailsPage key={id} proposalId={id} />;
}
