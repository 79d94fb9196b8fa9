import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/plans/versigems/buy')({
  beforeLoad: signedIn,
  component: BuyVersigemsPage,
});

function BuyVersigemsPage() {
  return <ComingSoon title="Buy versigems" back="dashboard" />;
}
