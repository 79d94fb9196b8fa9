import { createFileRoute } from '@tanstack/react-router';
import { JobBoardPage } from '@/features/jobs/JobBoardPage';
import { parseJobSearch } from '@/features/jobs/searchParams';
import { allowTypes } from '@/lib/guards';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/jobs')({
  validateSearch: parseJobSearch,
  // Visitors, freelancers and businesses; a signed-in client gets 403.
  beforeLoad: allowTypes('freelancer', 'business'),
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindJobsPage,
});

function FindJobsPage() {
  const search = Route.useSearch();
  return <JobBoardPage search={search} />;
}
