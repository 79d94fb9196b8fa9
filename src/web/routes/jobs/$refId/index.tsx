import { createFileRoute } from '@tanstack/react-router';
import { JobDetailPage } from '@/features/jobs/JobDetailPage';
import { allowTypes } from '@/lib/guards';

export const Route = createFileRoute('/jobs/$refId/')({
  // Visitors, freelancers and businesses; a signed-in client gets 403 (as the API answers).
  beforeLoad: allowTypes('freelancer', 'business'),
  component: JobDetailsPage,
});

function JobDetailsPage() {
  const { refId } = Route.useParams();
  return <JobDetailPage key={refId} refId={refId} />;
}
