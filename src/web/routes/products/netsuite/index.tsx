import { createFileRoute } from '@tanstack/react-router';
import { NetSuitePage } from '@/features/products/NetSuitePage';

export const Route = createFileRoute('/products/netsuite/')({
  component: NetSuitePage,
});
