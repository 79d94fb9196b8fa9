import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '@/lib/guards';
import { ComingSoon } from '@/ui/ComingSoon';

export const Route = createFileRoute('/dashboard/messages/conversation/$id/details')({
  beforeLoad: signedIn,
  component: ConversationPage,
});

function ConversationPage() {
  return <ComingSoon title="Conversation" back="dashboard" />;
}
