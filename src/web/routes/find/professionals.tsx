import { createFileRoute } from '@tanstack/react-router';
import { getListPublicFreelancerProfilesQueryOptions } from '@/api/generated/freelancer/freelancer';
import { ProfessionalDirectoryPage } from '@/features/directory/ProfessionalDirectoryPage';
import { parseProfessionalSearch, toProfessionalParams } from '@/features/directory/searchParams';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/professionals')({
  // The loader stays in the entry chunk, so the calls leave while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseProfessionalSearch,
  loaderDeps: ({ search }) => ({ search }),
  // The families (awaited, as before), and the directory's first answer started, as
  // ProfessionalDirectoryPage asks for it: the page shows its own loading and error states.
  loader: ({ context: { queryClient }, deps }) => {
    const params = toProfessionalParams(parseProfessionalSearch({ ...deps.search }));
    void queryClient.prefetchQuery(getListPublicFreelancerProfilesQueryOptions(params));
    return prefetchServiceFamilies(queryClient);
  },
  component: FindProfessionalsPage,
});

function FindProfessionalsPage() {
  const search = Route.useSearch();
  return <ProfessionalDirectoryPage search={search} />;
}
