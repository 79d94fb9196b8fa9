import { createFileRoute } from '@tanstack/react-router';
import { freelancerDashboardRedirect, guards, signedIn } from '../../lib/guards';
import { ComingSoon } from '../../ui/ComingSoon';

export const Route = createFileRoute('/dashboard/')({
  beforeLoad: guards(signedIn, freelancerDashboardRedirect),
  component: DashboardPage,
});

/** Clients and businesses; freelancers never get here (see the guard). */
function DashboardPage() {
  return <ComingSoon title="Dashboard" />;
}
