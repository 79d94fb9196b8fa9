import { createFileRoute } from '@tanstack/react-router';
import { AccountTypeChooser } from '@/features/auth/AccountTypeChooser';
import { guestOnly } from '@/lib/guards';
import { nextSearch } from '@/lib/safeNext';

export const Route = createFileRoute('/auth/signup')({
  validateSearch: nextSearch,
  beforeLoad: guestOnly,
  component: SignupChooserRoute,
});

function SignupChooserRoute() {
  const { next } = Route.useSearch();
  return <AccountTypeChooser next={next} />;
}
