import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '@/features/profile-completion/DashboardHome';
import { freelancerDashboardRedirect, guards, signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/')({
  beforeLoad: guards(signedIn, freelancerDashboardRedirect),
  /** Clients and businesses; freelancers never get here (see the guard). */
  component: DashboardHome,
});
