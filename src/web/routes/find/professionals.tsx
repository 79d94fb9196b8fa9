import { createFileRoute } from '@tanstack/react-router';
import { ProfessionalDirectoryPage } from '@/features/directory/ProfessionalDirectoryPage';
import { parseProfessionalSearch } from '@/features/directory/searchParams';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/professionals')({
  validateSearch: parseProfessionalSearch,
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindProfessionalsPage,
});

function FindProfessionalsPage() {
  const search = Route.useSearch();
  return <ProfessionalDirectoryPage search={search} />;
}
