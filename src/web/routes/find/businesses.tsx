import { createFileRoute } from '@tanstack/react-router';
import { BusinessDirectoryPage } from '@/features/directory/BusinessDirectoryPage';
import { parseBusinessSearch } from '@/features/directory/searchParams';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/businesses')({
  validateSearch: parseBusinessSearch,
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindBusinessesPage,
});

function FindBusinessesPage() {
  const search = Route.useSearch();
  return <BusinessDirectoryPage search={search} />;
}
