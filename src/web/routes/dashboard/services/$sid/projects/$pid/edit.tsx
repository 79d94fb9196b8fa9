import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../../../lib/guards';
import { ComingSoon } from '../../../../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/services/$sid/projects/$pid/edit')({
  beforeLoad: signedInAs('freelancer'),
  component: EditProjectPage,
});

function EditProjectPage() {
  return <ComingSoon title="Edit project" back="dashboard" />;
}
