import { createFileRoute } from '@tanstack/react-router';
import { BusinessDirectoryPage } from '@/features/directory/BusinessDirectoryPage';
import { isFamilySlug, parseBusinessSearch } from '@/features/directory/searchParams';
import { pageNotFound } from '@/lib/httpErrors';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/$service/businesses')({
  // The loader stays in the entry chunk, so the call leaves while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseBusinessSearch,
  beforeLoad: ({ params }) => {
    // Any family of the catalogue's shape; the directory shows the 404 when the server does not know it.
    if (!isFamilySlug(params.service)) throw pageNotFound();
  },
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindBusinessesByServicePage,
});

function FindBusinessesByServicePage() {
  const { service } = Route.useParams();
  const search = Route.useSearch();
  return <BusinessDirectoryPage pathService={service} search={search} />;
}
