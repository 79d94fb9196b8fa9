import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth/LoginForm';
import { guestOnly } from '@/lib/guards';
import { nextSearch } from '@/lib/safeNext';

export const Route = createFileRoute('/auth/login')({
  validateSearch: nextSearch,
  beforeLoad: guestOnly,
  component: LoginRoute,
});

function LoginRoute() {
  const { next } = Route.useSearch();
  return <LoginForm next={next} />;
}
