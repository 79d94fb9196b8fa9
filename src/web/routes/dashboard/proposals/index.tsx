import { createFileRoute } from '@tanstack/react-router';
import { MyProposalsPage } from '@/features/proposals/MyProposalsPage';
import { proposalsSearch } from '@/features/proposals/search';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/proposals/')({
  // Proposals are sent by freelancers and businesses; a client has none (403, as the API answers).
  beforeLoad: signedInAs('freelancer', 'business'),
  validateSearch: proposalsSearch,
  component: ProposalsPage,
});

function ProposalsPage() {
  const search = Route.useSearch();
  return <MyProposalsPage search={search} />;
}
