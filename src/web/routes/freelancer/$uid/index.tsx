import { createFileRoute } from '@tanstack/react-router';
import { FreelancerProfilePage } from '@/features/profiles/FreelancerProfilePage';
import { prefetchFreelancerWithServices } from '@/features/profiles/publicReads';

export const Route = createFileRoute('/freelancer/$uid/')({
  // The loader stays in the entry chunk, so the calls leave while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  // The profile and its services, as FreelancerProfilePage asks for them; a profile that is not
  // there (404) is the page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient }, params: { uid } }) => prefetchFreelancerWithServices(queryClient, uid),
  component: FreelancerProfileRoute,
});

function FreelancerProfileRoute() {
  const { uid } = Route.useParams();
  return <FreelancerProfilePage uid={uid} />;
}
