import { useQueryClient } from '@tanstack/react-query';
import {
  getGetProposalQueryKey,
  getListServiceRequestProposalsQueryKey,
  useDeclineProposal,
  useHireProposal,
  useShortlistProposal,
} from '@/api/generated/proposals/proposals';
import {
  getGetServiceRequestQueryKey,
  getListClientServiceRequestsQueryKey,
  getListLatestClientServiceRequestsQueryKey,
} from '@/api/generated/requests/requests';

/**
 * What the client does with a request's proposals: each call, once answered, refreshes the
 * proposal, the request's proposal lists and counts, and the request (its status may move).
 */
export function useProposalActions(requestId: string) {
  const queryClient = useQueryClient();
  const refresh = (proposalId?: string) => {
    if (proposalId) void queryClient.invalidateQueries({ queryKey: getGetProposalQueryKey(proposalId) });
    void queryClient.invalidateQueries({ queryKey: [getListServiceRequestProposalsQueryKey(requestId)[0]] });
    void queryClient.invalidateQueries({ queryKey: getGetServiceRequestQueryKey(requestId) });
  };
  const shortlist = useShortlistProposal({ mutation: { onSuccess: (_, { id }) => refresh(id) } });
  const decline = useDeclineProposal({ mutation: { onSuccess: (_, { id }) => refresh(id) } });
  const hire = useHireProposal({
    mutation: {
      onSuccess: (_, { id }) => {
        refresh(id);
        void queryClient.invalidateQueries({ queryKey: [getListClientServiceRequestsQueryKey()[0]] });
        void queryClient.invalidateQueries({ queryKey: getListLatestClientServiceRequestsQueryKey() });
      },
    },
  });
  return { shortlist, decline, hire };
}
