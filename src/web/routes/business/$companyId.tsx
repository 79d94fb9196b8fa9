import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';

export const Route = createFileRoute('/business/$companyId')({
  component: BusinessProfilePage,
});

function BusinessProfilePage() {
  return <ComingSoon title="Business profile" />;
}
