import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/messages/')({
  beforeLoad: signedIn,
  component: MessagesPage,
});

function MessagesPage() {
  return <ComingSoon title="Messages" back="dashboard" />;
}
