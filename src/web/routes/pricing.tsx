import { createFileRoute } from '@tanstack/react-router';
import { prefetchPricing, PublicPricingPage } from '../features/payments/PublicPricingPage';

export const Route = createFileRoute('/pricing')({
  // The plans and the bundles, started as the page asks for them; not awaited: each section shows
  // its own loading state. The server draws the page with their answers, as a visitor gets them.
  loader: ({ context: { queryClient } }) => {
    void prefetchPricing(queryClient);
  },
  component: PublicPricingPage,
});
