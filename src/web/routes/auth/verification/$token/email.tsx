import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailTokenPage } from '@/features/auth/VerifyEmailTokenPage';
import { verificationPage } from '@/lib/guards';
import { nextSearch } from '@/lib/safeNext';

// Open to visitors too (unlike routes.tsv's "signed-in"): the link may be opened in a browser
// that is not signed in, and the contract verifies without a session.
export const Route = createFileRoute('/auth/verification/$token/email')({
  validateSearch: nextSearch,
  beforeLoad: verificationPage,
  component: VerifyEmailTokenRoute,
});

function VerifyEmailTokenRoute() {
  const { token } = Route.useParams();
  const { next } = Route.useSearch();
  return <VerifyEmailTokenPage key={token} token={token} next={next} />;
}
