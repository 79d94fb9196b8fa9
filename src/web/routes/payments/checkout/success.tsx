import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { CheckoutReturnPage } from '@/features/payments/CheckoutReturnPage';
import { checkoutSearch } from '@/features/payments/checkoutSearch';

export const Route = createFileRoute('/payments/checkout/success')({
  validateSearch: checkoutSearch,
  beforeLoad: signedIn,
  component: PaymentReceivedPage,
});

function PaymentReceivedPage() {
  const { session_id: sessionId } = Route.useSearch();
  return <CheckoutReturnPage key={sessionId} status="success" sessionId={sessionId} />;
}
