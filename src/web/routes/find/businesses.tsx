import { createFileRoute } from '@tanstack/react-router';
import { BusinessDirectoryPage } from '@/features/directory/BusinessDirectoryPage';
import { parseBusinessSearch } from '@/features/directory/searchParams';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/businesses')({
  // The loader stays in the entry chunk, so the call leaves while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseBusinessSearch,
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindBusinessesPage,
});

function FindBusinessesPage() {
  const search = Route.useSearch();
  return <BusinessDirectoryPage search={search} />;
}
