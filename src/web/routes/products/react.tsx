import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';

export const Route = createFileRoute('/products/react')({
  component: HireReactDevelopersPage,
});

function HireReactDevelopersPage() {
  return <ComingSoon title="Hire React developers" />;
}
