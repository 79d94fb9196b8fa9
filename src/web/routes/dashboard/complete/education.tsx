import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/complete/education')({
  beforeLoad: signedIn,
  component: AddYourEducationPage,
});

function AddYourEducationPage() {
  return <ComingSoon title="Add your education" back="dashboard" />;
}
