import { createFileRoute } from '@tanstack/react-router';
import { prefetchJobBoard } from '@/features/jobs/boardQuery';
import { JobBoardPage } from '@/features/jobs/JobBoardPage';
import { parseJobSearch } from '@/features/jobs/searchParams';
import { isFamilySlug } from '@/features/jobs/slugs';
import { allowTypes, guards, type Guard } from '@/lib/guards';
import { pageNotFound } from '@/lib/httpErrors';
import { prefetchServiceFamilies } from '@/ui/serviceFamilyList';

/** Any family of the catalogue's shape; the board shows the 404 when the server does not know it. */
const familyPath: Guard = (input) => {
  if (!isFamilySlug((input.params as { service?: string }).service ?? '')) throw pageNotFound();
};

export const Route = createFileRoute('/find/$service/jobs')({
  // The loader stays in the entry chunk, so the calls leave while the page's chunk downloads.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseJobSearch,
  // Visitors, freelancers and businesses; a signed-in client gets 403.
  beforeLoad: guards(allowTypes('freelancer', 'business'), familyPath),
  loaderDeps: ({ search }) => ({ search }),
  // The families (awaited), and the board's first answer started, as JobBoardPage asks for it.
  loader: ({ context: { queryClient }, deps, params }) => {
    void prefetchJobBoard(queryClient, parseJobSearch({ ...deps.search }), params.service);
    return prefetchServiceFamilies(queryClient);
  },
  component: FindJobsByServicePage,
});

function FindJobsByServicePage() {
  const { service } = Route.useParams();
  const search = Route.useSearch();
  return <JobBoardPage pathFamily={service} search={search} />;
}
