import { createFileRoute } from '@tanstack/react-router';
import {
  getGetPublicFreelancerProfileQueryOptions,
  getListPublicFreelancerServicesQueryOptions,
} from '@/api/generated/freelancer/freelancer';
import { FreelancerProfilePage } from '@/features/profiles/FreelancerProfilePage';

export const Route = createFileRoute('/freelancer/$uid/')({
  // The loader stays in the entry chunk, so the calls leave while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  // The profile and its services, as FreelancerProfilePage asks for them; a profile that is not
  // there (404) is the page's to say, so a failed call does not stop the route.
  loader: ({ context: { queryClient }, params: { uid } }) =>
    Promise.all([
      queryClient.prefetchQuery(getGetPublicFreelancerProfileQueryOptions(uid, { query: { retry: false } })),
      queryClient.prefetchQuery(getListPublicFreelancerServicesQueryOptions(uid, { query: { retry: false } })),
    ]),
  component: FreelancerProfileRoute,
});

function FreelancerProfileRoute() {
  const { uid } = Route.useParams();
  return <FreelancerProfilePage uid={uid} />;
}
