import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/payments/checkout/canceled')({
  beforeLoad: signedIn,
  component: PaymentCanceledPage,
});

/** The checkout's return page after a cancelled payment; until checkout is built there is none. */
function PaymentCanceledPage() {
  return (
    <ComingSoon title="Checkout is not open yet" back="dashboard">
      <p>Plans and versigems cannot be bought on Versimarket yet, so there is no payment to cancel here.</p>
      <p>Nothing was charged to your card.</p>
    </ComingSoon>
  );
}
