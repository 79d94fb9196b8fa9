import { createFileRoute } from '@tanstack/react-router';
import { JobDetailPage } from '@/features/jobs/JobDetailPage';
import { prefetchJob } from '@/lib/jobRead';

export const Route = createFileRoute('/jobs/$refId/')({
  // Visitors, freelancers and businesses; a client sees it when the API lets them (their own
  // request), else the page shows the API's 403. The job, as the page asks for it (a failed call
  // is the page's to show).
  loader: ({ context: { queryClient }, params: { refId } }) => prefetchJob(queryClient, refId),
  component: JobDetailsPage,
});

function JobDetailsPage() {
  const { refId } = Route.useParams();
  return <JobDetailPage key={refId} refId={refId} />;
}
