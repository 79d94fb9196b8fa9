import { createFileRoute } from '@tanstack/react-router';
import { allowTypes } from '../../lib/guards';
import { ComingSoon } from '../../ui/ComingSoon';

export const Route = createFileRoute('/find/jobs')({
  beforeLoad: allowTypes('freelancer', 'business'),
  component: FindJobsPage,
});

function FindJobsPage() {
  return <ComingSoon title="Find jobs" />;
}
