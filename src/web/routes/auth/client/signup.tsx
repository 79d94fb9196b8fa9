import { createFileRoute } from '@tanstack/react-router';
import { PersonSignupForm } from '@/features/auth/PersonSignupForm';
import { signupGuestOnly } from '@/lib/guards';
import { nextSearch } from '@/lib/safeNext';

export const Route = createFileRoute('/auth/client/signup')({
  validateSearch: nextSearch,
  beforeLoad: signupGuestOnly,
  component: ClientSignupRoute,
});

/** `next`: where the new client goes once verified (a request draft waiting to be posted). */
function ClientSignupRoute() {
  const { next } = Route.useSearch();
  return <PersonSignupForm accountType="client" next={next} />;
}
