import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useListConversations } from '@/api/generated/messages/messages';
import type { Conversation } from '@/api/generated/model';
import { useAuth } from '@/lib/auth';
import { formatDateTime, postedAgo } from '@/lib/format';
import { UNREAD_CONVERSATIONS_KEY } from '@/lib/messageEvents';
import { PRODUCT_NAME } from '@/ui/Logo';
import { Pagination } from '@/ui/Pagination';
import { Avatar } from '@/ui/ProfileBits';
import { LockIcon, otherParticipant } from './parts';
import type { MessagesSearch } from './search';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { RETRIED_LOADER_READ } from '@/lib/loaderRead';
import './messages.css';

/** Conversations per page. */
export const CONVERSATIONS_PAGE_SIZE = 20;

/** The list call's parameters for the URL's search, as the page and its route's loader ask for them. */
export const conversationListParams = (search: MessagesSearch) => ({
  ...(search.unread ? { unread: true } : {}),
  ...(search.requestId ? { requestId: search.requestId } : {}),
  page: search.page ?? 1,
  pageSize: CONVERSATIONS_PAGE_SIZE,
});

function unreadLabel(count: number): string {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

function ConversationItem({ conversation, me }: { conversation: Conversation; me: string }) {
  const other = otherParticipant(conversation, me);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount > 0;
  return (
    <li className={`conversation-item${unread ? ' conversation-item--unread' : ''}`}>
      <Avatar
        name={other.displayName}
        url={other.avatarUrl ?? null}
        shape={other.accountType === 'business' ? 'square' : 'circle'}
      />
      <div className="conversation-item__main">
        <div className="conversation-item__head">
          <h2 className="conversation-item__name">
            <Link to="/dashboard/messages/conversation/$id/details/" params={{ id: conversation.id }}>
              {other.displayName}
              <span className="visually-hidden">: {conversation.subject}</span>
            </Link>
          </h2>
          {last && (
            <time className="conversation-item__time" dateTime={last.createdAt} title={formatDateTime(last.createdAt)}>
              {postedAgo(last.createdAt)}
            </time>
          )}
        </div>
        <p className="conversation-item__subject">{conversation.subject}</p>
        {conversation.request && (
          <p className="conversation-item__request">
            About{' '}
            <Link to="/dashboard/messages/" search={{ requestId: conversation.request.id }}>
              {conversation.request.title}
            </Link>
            <span className="conversation-item__ref"> · {conversation.request.refId}</span>
          </p>
        )}
        {last && (
          <p className="conversation-item__preview">
            {last.senderId === me && <span className="conversation-item__you">You: </span>}
            {last.bodyPreview}
          </p>
        )}
        <div className="conversation-item__flags">
          {unread && (
            <span className="unread-count">
              <span aria-hidden="true">{conversation.unreadCount}</span>
              <span className="visually-hidden">{unreadLabel(conversation.unreadCount)}</span>
            </span>
          )}
          {conversation.locked && (
            <span className="conversation-item__locked">
              <LockIcon /> Unlock to reply
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

function Filters({ search }: { search: MessagesSearch }) {
  const options = [
    { label: 'All', search: { requestId: search.requestId }, active: !search.unread },
    { label: 'Unread', search: { requestId: search.requestId, unread: true as const }, active: Boolean(search.unread) },
  ];
  return (
    <nav className="messages-filter" aria-label="Filter conversations">
      <ul className="messages-filter__list">
        {options.map((option) => (
          <li key={option.label}>
            <Link
              to="/dashboard/messages/"
              search={option.search}
              className={`messages-filter__link${option.active ? ' messages-filter__link--active' : ''}`}
              aria-current={option.active ? 'page' : undefined}
              activeOptions={{ exact: true, includeSearch: true }}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function EmptyState({ search }: { search: MessagesSearch }) {
  if (search.page && search.page > 1) {
    return (
      <div className="messages-empty">
        <h2 className="messages-empty__title">There is nothing on page {search.page}</h2>
        <Link to="/dashboard/messages/" search={{ ...search, page: undefined }} className="button button--secondary">
          Go to the first page
        </Link>
      </div>
    );
  }
  if (search.unread || search.requestId) {
    return (
      <div className="messages-empty">
        <h2 className="messages-empty__title">
          {search.unread ? 'You are all caught up' : 'No conversations about this request'}
        </h2>
        <p>{search.unread ? 'Every message has been read.' : 'Nobody has written about this request yet.'}</p>
        <Link to="/dashboard/messages/" search={{}} className="button button--secondary">
          Show all conversations
        </Link>
      </div>
    );
  }
  return (
    <div className="messages-empty">
      <h2 className="messages-empty__title">No messages yet</h2>
      <p>
        When you contact someone, or someone writes to you about a request or a proposal, the conversation appears here.
      </p>
    </div>
  );
}

function ConversationList({ search, me }: { search: MessagesSearch; me: string }) {
  const queryClient = useQueryClient();
  // The route's loader asked already: a failure there is shown with its retry, not asked again.
  const query = useListConversations(conversationListParams(search), RETRIED_LOADER_READ);
  const unreadConversations = query.data?.data.unreadConversations;
  useEffect(() => {
    if (typeof unreadConversations === 'number')
      queryClient.setQueryData(UNREAD_CONVERSATIONS_KEY, unreadConversations);
  }, [unreadConversations, queryClient]);

  if (query.isPending) {
    return (
      <p role="status" className="messages-loading">
        Loading your conversations…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="messages-empty messages-empty--error" role="alert">
        <h2 className="messages-empty__title">We could not load your conversations</h2>
        <p>{query.error.message}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  }
  const { items, pagination } = query.data.data;
  const request = search.requestId ? items.find((item) => item.request?.id === search.requestId)?.request : null;
  return (
    <>
      {search.requestId && (
        <p className="messages-request-filter">
          {request ? (
            <>
              Conversations about <strong>{request.title}</strong> ({request.refId})
            </>
          ) : (
            'Conversations about one request'
          )}{' '}
          <Link to="/dashboard/messages/" search={{ unread: search.unread }}>
            Show every request
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <EmptyState search={search} />
      ) : (
        <>
          <ul className="conversation-list" aria-label="Conversations" aria-busy={query.isFetching}>
            {items.map((conversation) => (
              <ConversationItem key={conversation.id} conversation={conversation} me={me} />
            ))}
          </ul>
          <Pagination
            page={pagination.page}
            totalPages={pagination.totalPages}
            renderLink={(target, children, props) => (
              <Link to="/dashboard/messages/" search={{ ...search, page: target > 1 ? target : undefined }} {...props}>
                {children}
              </Link>
            )}
          />
        </>
      )}
    </>
  );
}

/** `/dashboard/messages/`: the signed-in user's conversations, most recently active first. */
export function ConversationListPage({ search }: { search: MessagesSearch }) {
  const { user } = useAuth();
  return (
    <div className="container messages-page">
      <DocumentTitle>{`Messages | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="messages-page__title">Messages</h1>
      <Filters search={search} />
      {user && <ConversationList search={search} me={user.id} />}
    </div>
  );
}
