import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../../lib/guards';
import { ComingSoon } from '../../../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/services/$sid/projects/')({
  beforeLoad: signedInAs('freelancer'),
  component: ProjectsPage,
});

function ProjectsPage() {
  return <ComingSoon title="Projects" back="dashboard" />;
}
