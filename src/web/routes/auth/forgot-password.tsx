import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '@/features/auth/ForgotPasswordForm';
import { guestOnly } from '@/lib/guards';

export const Route = createFileRoute('/auth/forgot-password')({
  beforeLoad: guestOnly,
  component: ForgotPasswordForm,
});
