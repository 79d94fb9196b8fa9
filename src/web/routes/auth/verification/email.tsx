import { createFileRoute } from '@tanstack/react-router';
import { VerificationInboxPage } from '@/features/auth/VerificationInboxPage';
import { guards, requireSignIn, verificationPage } from '@/lib/guards';
import { nextSearch } from '@/lib/safeNext';

export const Route = createFileRoute('/auth/verification/email')({
  validateSearch: nextSearch,
  beforeLoad: guards(requireSignIn, verificationPage),
  component: VerificationInboxRoute,
});

function VerificationInboxRoute() {
  const { next } = Route.useSearch();
  return <VerificationInboxPage next={next} />;
}
