import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/request/new/')({
  component: PostARequestPage,
});

function PostARequestPage() {
  return <ComingSoon title="Post a request" />;
}
