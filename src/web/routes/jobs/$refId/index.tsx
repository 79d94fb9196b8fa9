import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/jobs/$refId/')({
  component: JobDetailsPage,
});

function JobDetailsPage() {
  return <ComingSoon title="Job details" />;
}
