import { createFileRoute } from '@tanstack/react-router';
import { JobBoardPage } from '@/features/jobs/JobBoardPage';
import { parseJobSearch } from '@/features/jobs/searchParams';
import { isFamilySlug } from '@/features/jobs/slugs';
import { allowTypes } from '@/lib/guards';
import { pageNotFound } from '@/lib/httpErrors';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

export const Route = createFileRoute('/find/$service/jobs')({
  // The loader stays in the entry chunk, so the call leaves while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseJobSearch,
  beforeLoad: (input) => {
    // Visitors, freelancers and businesses; a signed-in client gets 403.
    allowTypes('freelancer', 'business')(input);
    // Any family of the catalogue's shape; the board shows the 404 when the server does not know it.
    if (!isFamilySlug(input.params.service)) throw pageNotFound();
  },
  loader: ({ context }) => prefetchServiceFamilies(context.queryClient),
  component: FindJobsByServicePage,
});

function FindJobsByServicePage() {
  const { service } = Route.useParams();
  const search = Route.useSearch();
  return <JobBoardPage pathFamily={service} search={search} />;
}
