import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/requests/$id/confirmation/$pid/$sid')({
  beforeLoad: signedInAs('client'),
  component: ConfirmYourHirePage,
});

function ConfirmYourHirePage() {
  return <ComingSoon title="Confirm your hire" back="dashboard" />;
}
