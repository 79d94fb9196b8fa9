import { createFileRoute } from '@tanstack/react-router';
import { PersonSignupForm } from '@/features/auth/PersonSignupForm';
import { guestOnly } from '@/lib/guards';

export const Route = createFileRoute('/auth/freelancer/signup')({
  beforeLoad: guestOnly,
  component: FreelancerSignupRoute,
});

function FreelancerSignupRoute() {
  return <PersonSignupForm accountType="freelancer" />;
}
