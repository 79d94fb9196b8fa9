import { createFileRoute, Link } from '@tanstack/react-router';
import { signedInAs } from '@/lib/guards';
import { jobLink } from '@/lib/paths';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/jobs/$refId/proposals/submit')({
  beforeLoad: signedInAs('freelancer', 'business'),
  component: SubmitAProposalPage,
});

/** The proposal form is not built yet: say so, and lead back to the request the person came from. */
function SubmitAProposalPage() {
  const { refId } = Route.useParams();
  return (
    <ComingSoon
      title="Proposals cannot be sent yet"
      action={
        <Link {...jobLink(refId)} className="button button--primary">
          Back to the request
        </Link>
      }
    >
      <p>Sending a proposal on Versimarket is not built yet, so this request cannot be answered here for now.</p>
      <p>The request stays open: you can read it again and come back to answer it once proposals are available.</p>
    </ComingSoon>
  );
}
