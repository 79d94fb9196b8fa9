import { createFileRoute } from '@tanstack/react-router';
import { ConversationPage, threadQueryOptions } from '@/features/messages/ConversationPage';
import { conversationSearch, DEFAULT_CONVERSATION_TAB } from '@/features/messages/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/messages/conversation/$id/details')({
  beforeLoad: signedIn,
  validateSearch: conversationSearch,
  // The thread's newest page, as ConversationPage reads it; a failed call is the page's to show.
  // Not on a link's hover (preload): reading the thread marks its messages read.
  loader: ({ context: { queryClient }, params: { id }, preload }) =>
    preload ? undefined : queryClient.prefetchInfiniteQuery(threadQueryOptions(id)),
  component: Conversation,
});

function Conversation() {
  const { id } = Route.useParams();
  const { tab = DEFAULT_CONVERSATION_TAB } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ConversationPage
      key={id}
      id={id}
      tab={tab}
      onTab={(next) =>
        void navigate({
          search: next === DEFAULT_CONVERSATION_TAB ? {} : { tab: next },
          replace: true,
          resetScroll: false,
        })
      }
    />
  );
}
