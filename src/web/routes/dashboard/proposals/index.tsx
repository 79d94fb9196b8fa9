import { createFileRoute } from '@tanstack/react-router';
import { getListMyProposalsQueryOptions } from '@/api/generated/proposals/proposals';
import { MyProposalsPage, myProposalsParams } from '@/features/proposals/MyProposalsPage';
import { proposalsSearch } from '@/features/proposals/search';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/proposals/')({
  // Proposals are sent by freelancers and businesses; a client has none (403, as the API answers).
  beforeLoad: signedInAs('freelancer', 'business'),
  validateSearch: proposalsSearch,
  loaderDeps: ({ search }) => ({ search }),
  // The list's page, as MyProposalsPage asks for it; a failed call is the page's to show, with its retry.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.prefetchQuery(getListMyProposalsQueryOptions(myProposalsParams(deps.search))),
  component: ProposalsPage,
});

function ProposalsPage() {
  const search = Route.useSearch();
  return <MyProposalsPage search={search} />;
}
