import { createFileRoute } from '@tanstack/react-router';
import { ConversationListPage } from '@/features/messages/ConversationListPage';
import { messagesSearch } from '@/features/messages/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/messages/')({
  beforeLoad: signedIn,
  validateSearch: messagesSearch,
  component: MessagesPage,
});

function MessagesPage() {
  const search = Route.useSearch();
  return <ConversationListPage search={search} />;
}
