import { createFileRoute } from '@tanstack/react-router';
import { GoogleSignInReturn } from '@/features/auth/GoogleSignInReturn';
import { guestOnly } from '@/lib/guards';
import { googleReturnSearch } from '@/lib/googleSignIn';

export const Route = createFileRoute('/auth/social-accounts/verify/google-oauth2')({
  validateSearch: googleReturnSearch,
  beforeLoad: guestOnly,
  component: SigningInWithGooglePage,
});

function SigningInWithGooglePage() {
  return <GoogleSignInReturn result={Route.useSearch()} />;
}
