import { createFileRoute } from '@tanstack/react-router';
import {
  getGetProposalQueryOptions,
  getListServiceRequestProposalsQueryOptions,
} from '@/api/generated/proposals/proposals';
import { getGetServiceRequestQueryOptions } from '@/api/generated/requests/requests';
import { HireConfirmationPage, PROPOSAL_COUNTS_PARAMS } from '@/features/dashboard-requests/HireConfirmationPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/requests/$id/confirmation/$pid/$sid')({
  beforeLoad: signedInAs('client'),
  // The request, the proposal and the request's proposal counts, as HireConfirmationPage asks for
  // them; a request or proposal that is not there (404) is the page's to say.
  loader: ({ context: { queryClient }, params: { id, pid } }) =>
    Promise.all([
      queryClient.prefetchQuery(getGetServiceRequestQueryOptions(id)),
      queryClient.prefetchQuery(getGetProposalQueryOptions(pid)),
      queryClient.prefetchQuery(getListServiceRequestProposalsQueryOptions(id, PROPOSAL_COUNTS_PARAMS)),
    ]),
  component: ConfirmYourHirePage,
});

function ConfirmYourHirePage() {
  const { id, pid, sid } = Route.useParams();
  return (
    <div className="container request-details">
      <HireConfirmationPage id={id} pid={pid} sid={sid} />
    </div>
  );
}
