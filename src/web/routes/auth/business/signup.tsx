import { createFileRoute } from '@tanstack/react-router';
import { BusinessSignupForm } from '@/features/auth/BusinessSignupForm';
import { signupGuestOnly } from '@/lib/guards';

export const Route = createFileRoute('/auth/business/signup')({
  beforeLoad: signupGuestOnly,
  component: BusinessSignupForm,
});
