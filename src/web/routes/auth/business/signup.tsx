import { createFileRoute } from '@tanstack/react-router';
import { BusinessSignupForm } from '@/features/auth/BusinessSignupForm';
import { guestOnly } from '@/lib/guards';

export const Route = createFileRoute('/auth/business/signup')({
  beforeLoad: guestOnly,
  component: BusinessSignupForm,
});
