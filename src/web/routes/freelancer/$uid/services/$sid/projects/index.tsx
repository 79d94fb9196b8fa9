import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../ui/ComingSoon';

export const Route = createFileRoute('/freelancer/$uid/services/$sid/projects/')({
  component: ServiceProjectsPage,
});

function ServiceProjectsPage() {
  return <ComingSoon title="Service projects" />;
}
