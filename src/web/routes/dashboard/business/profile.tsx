import { createFileRoute } from '@tanstack/react-router';
import { getGetBusinessProfileQueryOptions } from '@/api/generated/business/business';
import { BusinessProfilePage } from '@/features/settings/BusinessProfilePage';
import { signedInAs } from '@/lib/guards';
import { OWN_SECTION_READ } from '@/lib/profileQueries';

export const Route = createFileRoute('/dashboard/business/profile')({
  beforeLoad: signedInAs('business'),
  // The business's own profile, as BusinessProfilePage asks for it; a failed call is the page's to show.
  loader: ({ context: { queryClient } }) =>
    queryClient.prefetchQuery(getGetBusinessProfileQueryOptions(OWN_SECTION_READ)),
  component: BusinessProfilePage,
});
