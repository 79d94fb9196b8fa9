import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';
import { guestOnly } from '@/lib/guards';

export const Route = createFileRoute('/auth/reset-password/$token')({
  beforeLoad: guestOnly,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  return <ResetPasswordPage key={token} token={token} />;
}
