import { createFileRoute } from '@tanstack/react-router';
import { guestOnly } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/auth/social-accounts/verify/google-oauth2')({
  beforeLoad: guestOnly,
  component: SigningInWithGooglePage,
});

function SigningInWithGooglePage() {
  return <ComingSoon title="Signing in with Google" />;
}
