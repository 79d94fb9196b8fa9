import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/payments/checkout/success')({
  beforeLoad: signedIn,
  component: PaymentReceivedPage,
});

/** The checkout's return page; until checkout is built there is no payment to confirm. */
function PaymentReceivedPage() {
  return (
    <ComingSoon title="Checkout is not open yet" back="dashboard">
      <p>Plans and versigems cannot be bought on Versimarket yet, so there is no payment to confirm here.</p>
      <p>Nothing was charged to your card.</p>
    </ComingSoon>
  );
}
