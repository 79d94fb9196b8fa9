import { createFileRoute } from '@tanstack/react-router';
import { ConversationPage } from '@/features/messages/ConversationPage';
import { conversationSearch, DEFAULT_CONVERSATION_TAB } from '@/features/messages/search';
import { signedIn } from '@/lib/guards';

export const Route = createFileRoute('/dashboard/messages/conversation/$id/details')({
  beforeLoad: signedIn,
  validateSearch: conversationSearch,
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
