import { createFileRoute } from '@tanstack/react-router';
import { getListFreelancerServiceProjectsQueryOptions } from '@/api/generated/freelancer/freelancer';
import { getListRemainingOtherServicesQueryOptions } from '@/api/generated/provider/provider';
import { CompletionCard } from '@/features/profile-completion/CompletionCard';
import { offeredServices, PROJECT_COUNT_PARAMS, ServicesPage } from '@/features/provider-dashboard/ServicesPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/services/')({
  beforeLoad: signedInAs('freelancer'),
  // Each service's project count and the services left to add, as ServicesPage asks for them; a
  // failed call is the page's to show. The score is not: CompletionCard asks for it on each showing.
  loader: ({ context: { queryClient, auth } }) =>
    Promise.all([
      ...offeredServices(auth.user).map((service) =>
        queryClient.prefetchQuery(
          getListFreelancerServiceProjectsQueryOptions(service.slug, PROJECT_COUNT_PARAMS, { query: { retry: false } }),
        ),
      ),
      queryClient.prefetchQuery(getListRemainingOtherServicesQueryOptions({ query: { retry: false } })),
    ]),
  component: FreelancerServicesHome,
});

function FreelancerServicesHome() {
  return <ServicesPage completion={<CompletionCard />} />;
}
