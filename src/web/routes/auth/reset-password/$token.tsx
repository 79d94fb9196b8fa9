import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';

// Open signed in too: Settings sends a Google account without a password a link to set one.
export const Route = createFileRoute('/auth/reset-password/$token')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  return <ResetPasswordPage key={token} token={token} />;
}
