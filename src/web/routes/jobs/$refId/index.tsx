import { createFileRoute } from '@tanstack/react-router';
import { JobDetailPage } from '@/features/jobs/JobDetailPage';

export const Route = createFileRoute('/jobs/$refId/')({
  // Visitors, freelancers and businesses; a client sees it when the API lets them (their own
  // request), else the page shows the API's 403.
  component: JobDetailsPage,
});

function JobDetailsPage() {
  const { refId } = Route.useParams();
  return <JobDetailPage key={refId} refId={refId} />;
}
