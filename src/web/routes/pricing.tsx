import { createFileRoute } from '@tanstack/react-router';
import { PublicPricingPage } from '../features/payments/PublicPricingPage';

export const Route = createFileRoute('/pricing')({
  component: PublicPricingPage,
});
