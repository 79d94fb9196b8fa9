import { createFileRoute } from '@tanstack/react-router';
import { PersonSignupForm } from '../../../features/auth/PersonSignupForm';
import { guestOnly } from '../../../lib/guards';

export const Route = createFileRoute('/auth/client/signup')({
  beforeLoad: guestOnly,
  component: ClientSignupRoute,
});

function ClientSignupRoute() {
  return <PersonSignupForm accountType="client" />;
}
