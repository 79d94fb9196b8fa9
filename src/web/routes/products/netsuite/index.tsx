import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/products/netsuite/')({
  component: NetSuiteSolutionsPage,
});

function NetSuiteSolutionsPage() {
  return <ComingSoon title="NetSuite solutions" />;
}
