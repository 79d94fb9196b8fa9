import { createFileRoute } from '@tanstack/react-router';
import { ProfessionalDirectoryPage } from '@/features/directory/ProfessionalDirectoryPage';
import { parseProfessionalSearch } from '@/features/directory/searchParams';

export const Route = createFileRoute('/find/professionals')({
  validateSearch: parseProfessionalSearch,
  component: FindProfessionalsPage,
});

function FindProfessionalsPage() {
  const search = Route.useSearch();
  return <ProfessionalDirectoryPage search={search} />;
}
