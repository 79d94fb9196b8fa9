import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/complete/experience')({
  beforeLoad: signedIn,
  component: AddYourExperiencePage,
});

function AddYourExperiencePage() {
  return <ComingSoon title="Add your experience" back="dashboard" />;
}
