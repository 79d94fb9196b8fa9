import { createFileRoute } from '@tanstack/react-router';
import { prefetchJob } from '@/lib/jobRead';
import { ProposalSubmitPage } from '@/features/proposals/ProposalSubmitPage';
import { signedInAs } from '@/lib/guards';

export const Route = createFileRoute('/jobs/$refId/proposals/submit')({
  // Providers only: a visitor signs in first (and comes back here), a client gets 403.
  beforeLoad: signedInAs('freelancer', 'business'),
  // The job, as the job page reads it (the form's page asks under the same key); its quote, which
  // needs the job's id, is the page's to ask.
  loader: ({ context: { queryClient }, params: { refId } }) => prefetchJob(queryClient, refId),
  component: SubmitAProposalPage,
});

function SubmitAProposalPage() {
  const { refId } = Route.useParams();
  return <ProposalSubmitPage key={refId} refId={refId} />;
}
