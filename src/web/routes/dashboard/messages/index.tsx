import { createFileRoute } from '@tanstack/react-router';
import { getListConversationsQueryOptions } from '@/api/generated/messages/messages';
import { conversationListParams, ConversationListPage } from '@/features/messages/ConversationListPage';
import { messagesSearch } from '@/features/messages/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/messages/')({
  beforeLoad: signedIn,
  validateSearch: messagesSearch,
  loaderDeps: ({ search }) => ({ search }),
  // The conversations' page, as ConversationListPage asks for it; a failed call is the page's
  // to show, with its retry.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.prefetchQuery(getListConversationsQueryOptions(conversationListParams(deps.search))),
  component: MessagesPage,
});

function MessagesPage() {
  const search = Route.useSearch();
  return <ConversationListPage search={search} />;
}
