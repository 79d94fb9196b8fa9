import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/payments/checkout/canceled')({
  beforeLoad: signedIn,
  component: PaymentCanceledPage,
});

function PaymentCanceledPage() {
  return <ComingSoon title="Payment canceled" back="dashboard" />;
}
