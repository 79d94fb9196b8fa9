import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/payments/checkout/success')({
  beforeLoad: signedIn,
  component: PaymentReceivedPage,
});

function PaymentReceivedPage() {
  return <ComingSoon title="Payment received" back="dashboard" />;
}
