import { createFileRoute } from '@tanstack/react-router';
import { LeaveReviewPage } from '@/features/reviews/LeaveReviewPage';

export const Route = createFileRoute('/freelancer/review/$token/leave')({
  component: LeaveAReviewPage,
});

function LeaveAReviewPage() {
  const { token } = Route.useParams();
  return <LeaveReviewPage key={token} token={token} kind="freelancer" />;
}
