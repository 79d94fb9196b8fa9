import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../../lib/guards';
import { ComingSoon } from '../../../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/services/$sid/projects/add')({
  beforeLoad: signedInAs('freelancer'),
  component: AddAProjectPage,
});

function AddAProjectPage() {
  return <ComingSoon title="Add a project" back="dashboard" />;
}
