import { createFileRoute } from '@tanstack/react-router';
import { GoogleAccountChangeReturn } from '@/features/settings/GoogleAccountChangeReturn';
import { googleReturnSearch } from '@/lib/googleSignIn';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/settings/social-accounts/verify/google-oauth2/change')({
  validateSearch: googleReturnSearch,
  beforeLoad: signedIn,
  component: ChangeYourLinkedGoogleAccountPage,
});

function ChangeYourLinkedGoogleAccountPage() {
  return <GoogleAccountChangeReturn result={Route.useSearch()} />;
}
