import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { BuyVersigemsPage, prefetchBuyVersigems } from '@/features/payments/BuyVersigemsPage';

// Signed-in (routes.tsv): other account types see the bundles and are told they are for freelancers.
export const Route = createFileRoute('/dashboard/plans/versigems/buy')({
  beforeLoad: signedIn,
  // The bundles, and a freelancer's balance and history, started as the page asks for them; not
  // awaited: the page shows its own loading state for each.
  loader: ({ context: { queryClient, auth } }) => {
    void prefetchBuyVersigems(queryClient, auth.user?.accountType === 'freelancer');
  },
  component: BuyVersigemsPage,
});
