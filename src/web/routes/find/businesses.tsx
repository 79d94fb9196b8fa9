import { createFileRoute } from '@tanstack/react-router';
import { BusinessDirectoryPage } from '@/features/directory/BusinessDirectoryPage';
import { parseBusinessSearch } from '@/features/directory/searchParams';

export const Route = createFileRoute('/find/businesses')({
  validateSearch: parseBusinessSearch,
  component: FindBusinessesPage,
});

function FindBusinessesPage() {
  const search = Route.useSearch();
  return <BusinessDirectoryPage search={search} />;
}
