import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/review-and-references')({
  beforeLoad: signedInAs('business'),
  component: ReviewsAndReferencesPage,
});

function ReviewsAndReferencesPage() {
  return <ComingSoon title="Reviews and references" />;
}
