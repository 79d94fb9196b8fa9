import { createFileRoute } from '@tanstack/react-router';
import { FreelancerProjectPage } from '@/features/profiles/FreelancerProjectPage';
import { prefetchFreelancerProject } from '@/features/profiles/publicReads';

export const Route = createFileRoute('/freelancer/$uid/services/$sid/projects/$pid/details')({
  // The freelancer and the project, as FreelancerProjectPage asks for them (a failed call is the
  // page's to show).
  loader: ({ context: { queryClient }, params: { uid, pid } }) => prefetchFreelancerProject(queryClient, uid, pid),
  component: FreelancerProjectRoute,
});

function FreelancerProjectRoute() {
  const { uid, sid, pid } = Route.useParams();
  return <FreelancerProjectPage uid={uid} sid={sid} pid={pid} />;
}
