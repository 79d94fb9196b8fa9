import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { BuyVersigemsPage } from '@/features/payments/BuyVersigemsPage';

// Signed-in (routes.tsv): other account types see the bundles and are told they are for freelancers.
export const Route = createFileRoute('/dashboard/plans/versigems/buy')({
  beforeLoad: signedIn,
  component: BuyVersigemsPage,
});
