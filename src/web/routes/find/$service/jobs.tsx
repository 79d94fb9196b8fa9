import { createFileRoute } from '@tanstack/react-router';
import { allowTypes } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/find/$service/jobs')({
  beforeLoad: allowTypes('freelancer', 'business'),
  component: FindJobsByServicePage,
});

function FindJobsByServicePage() {
  return <ComingSoon title="Find jobs by service" />;
}
