import { createFileRoute } from '@tanstack/react-router';
import { FreelancerProjectPage } from '@/features/profiles/FreelancerProjectPage';

export const Route = createFileRoute('/freelancer/$uid/services/$sid/projects/$pid/details')({
  component: FreelancerProjectRoute,
});

function FreelancerProjectRoute() {
  const { uid, sid, pid } = Route.useParams();
  return <FreelancerProjectPage uid={uid} sid={sid} pid={pid} />;
}
