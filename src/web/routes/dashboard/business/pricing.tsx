import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { BusinessPricingPage, prefetchBusinessPricing } from '@/features/payments/BusinessPricingPage';

// Signed-in (routes.tsv): other account types see the plans and are told they are for businesses.
export const Route = createFileRoute('/dashboard/business/pricing')({
  beforeLoad: signedIn,
  // The plans for the server's default interval with what the business pays (every account type
  // reads them), started as the page asks for them first; not awaited, as on the versigems page:
  // the page shows its own loading state, and a failed call is the page's to show.
  loader: ({ context: { queryClient } }) => {
    void prefetchBusinessPricing(queryClient);
  },
  component: BusinessPricingPage,
});
