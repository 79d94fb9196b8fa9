import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '../../../lib/guards';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/complete/profile')({
  beforeLoad: signedIn,
  component: CompleteYourProfilePage,
});

function CompleteYourProfilePage() {
  return <ComingSoon title="Complete your profile" back="dashboard" />;
}
