import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../../../ui/ComingSoon';

export const Route = createFileRoute('/freelancer/$uid/services/$sid/projects/$pid/details')({
  component: ProjectDetailsPage,
});

function ProjectDetailsPage() {
  return <ComingSoon title="Project details" />;
}
