import { createFileRoute } from '@tanstack/react-router';
import { prefetchJobBoard } from '@/features/jobs/boardQuery';
import { JobBoardPage } from '@/features/jobs/JobBoardPage';
import { parseJobSearch } from '@/features/jobs/searchParams';
import { allowTypes } from '@/lib/guards';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/jobs')({
  // The loader stays in the entry chunk, so the calls leave while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseJobSearch,
  // Visitors, freelancers and businesses; a signed-in client gets 403.
  beforeLoad: allowTypes('freelancer', 'business'),
  loaderDeps: ({ search }) => ({ search }),
  // The families (awaited), and the board's first answer started, as JobBoardPage asks for it:
  // the page shows its own loading, error and retry states.
  loader: ({ context: { queryClient }, deps }) => {
    void prefetchJobBoard(queryClient, parseJobSearch({ ...deps.search }));
    return prefetchServiceFamilies(queryClient);
  },
  component: FindJobsPage,
});

function FindJobsPage() {
  const search = Route.useSearch();
  return <JobBoardPage search={search} />;
}
