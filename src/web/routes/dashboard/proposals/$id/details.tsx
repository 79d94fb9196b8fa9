import { createFileRoute } from '@tanstack/react-router';
import { getGetProposalQueryOptions } from '@/api/generated/proposals/proposals';
import { ProposalDetailsPage } from '@/features/proposals/ProposalDetailsPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/proposals/$id/details')({
  beforeLoad: signedInAs('freelancer', 'business'),
  // The proposal, as ProposalDetailsPage asks for it; a proposal that is not there (404) is the
  // page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient }, params: { id } }) =>
    queryClient.prefetchQuery(getGetProposalQueryOptions(id, { query: { retry: false } })),
  component: ProposalPage,
});

function ProposalPage() {
  const { id } = Route.useParams();
  return <ProposalDetailsPage key={id} proposalId={id} />;
}
