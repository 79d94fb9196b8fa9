import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../../../lib/guards';
import { ComingSoon } from '../../../../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/services/$sid/projects/$pid/details')({
  beforeLoad: signedInAs('freelancer'),
  component: ProjectDetailsPage,
});

function ProjectDetailsPage() {
  return <ComingSoon title="Project details" back="dashboard" />;
}
