import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/business/pricing')({
  beforeLoad: signedIn,
  component: BusinessPlansPage,
});

function BusinessPlansPage() {
  return <ComingSoon title="Business plans" back="dashboard" />;
}
