import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/settings/social-accounts/verify/google-oauth2/change')({
  beforeLoad: signedIn,
  component: ChangeYourLinkedGoogleAccountPage,
});

function ChangeYourLinkedGoogleAccountPage() {
  return <ComingSoon title="Change your linked Google account" back="dashboard" />;
}
