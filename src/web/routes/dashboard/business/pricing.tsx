import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { BusinessPricingPage } from '@/features/payments/BusinessPricingPage';

// Signed-in (routes.tsv): other account types see the plans and are told they are for businesses.
export const Route = createFileRoute('/dashboard/business/pricing')({
  beforeLoad: signedIn,
  component: BusinessPricingPage,
});
