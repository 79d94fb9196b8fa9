import { createFileRoute } from '@tanstack/react-router';
import { PersonSignupForm } from '@/features/auth/PersonSignupForm';
import { signupGuestOnly } from '@/lib/guards';

export const Route = createFileRoute('/auth/freelancer/signup')({
  beforeLoad: signupGuestOnly,
  component: FreelancerSignupRoute,
});

function FreelancerSignupRoute() {
  return <PersonSignupForm accountType="freelancer" />;
}
