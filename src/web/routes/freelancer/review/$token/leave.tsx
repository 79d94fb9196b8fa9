import { createFileRoute } from '@tanstack/react-router';
import { LeaveReviewPage, prefetchReviewInvitation } from '@/features/reviews/LeaveReviewPage';

export const Route = createFileRoute('/freelancer/review/$token/leave')({
  // The invitation, as the page asks for it (an unknown or closed link is the page's to say).
  loader: ({ context: { queryClient }, params: { token } }) => prefetchReviewInvitation(queryClient, token),
  component: LeaveAReviewPage,
});

function LeaveAReviewPage() {
  const { token } = Route.useParams();
  return <LeaveReviewPage key={token} token={token} kind="freelancer" />;
}
