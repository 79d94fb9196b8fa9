import { createFileRoute } from '@tanstack/react-router';
import { JobBoardPage } from '@/features/jobs/JobBoardPage';
import { parseJobSearch } from '@/features/jobs/searchParams';
import { allowTypes } from '@/lib/guards';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/jobs')({
  // The loader stays in the entry chunk, so the call leaves while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseJobSearch,
  // Visitors, freelancers and businesses; a signed-in client gets 403.
  beforeLoad: allowTypes('freelancer', 'business'),
  // The families. The board's first answer is asked by the page itself: its loading, error and
  // retry states (and their tests) count on making that call.
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindJobsPage,
});

function FindJobsPage() {
  const search = Route.useSearch();
  return <JobBoardPage search={search} />;
}
