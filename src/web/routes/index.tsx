import { createFileRoute } from '@tanstack/react-router';
import { getSearchPublicServiceRequestsQueryOptions } from '@/api/generated/requests/requests';
import { HomePage } from '../features/home/HomePage';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/')({
  // The loader stays in the entry chunk, so the calls leave while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  // Started, not awaited: the hero needs no data, and the sections below it fill in as they answer.
  loader: ({ context: { queryClient, auth } }) => {
    void prefetchServiceFamilies(queryClient);
    // The newest requests, as LatestRequests asks for them (clients may not browse the board).
    if (auth.user?.accountType !== 'client')
      void queryClient.prefetchQuery(
        getSearchPublicServiceRequestsQueryOptions('all', { sort: 'newest', pageSize: 3 }),
      );
  },
  component: HomePage,
});
