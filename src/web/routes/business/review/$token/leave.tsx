import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/business/review/$token/leave')({
  component: LeaveAReviewPage,
});

function LeaveAReviewPage() {
  return <ComingSoon title="Leave a review" />;
}
