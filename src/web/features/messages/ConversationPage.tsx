import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/mutator';
import { listConversationMessages } from '@/api/generated/messages/messages';
import type { Conversation, Message, MessagePage, UserSummary } from '@/api/generated/model';
import { useAuth } from '@/lib/auth';
import { fileSize, formatDateTime, postedAgo } from '@/lib/format';
import {
  CONVERSATION_LIST_PREFIX,
  conversationThreadKey,
  UNREAD_CONVERSATIONS_KEY,
  type ConversationThread,
} from '@/lib/messageEvents';
import { jobLink } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { Avatar } from '@/ui/ProfileBits';
import { Tabs } from '@/ui/Tabs';
import { Composer } from './Composer';
import { MessageText } from './MessageText';
import { ACCOUNT_TYPE_LABELS, otherParticipant } from './parts';
import { CONVERSATION_TABS, type ConversationTab } from './search';
import { UnlockPanel } from './UnlockPanel';
import { DocumentTitle } from '@/ui/DocumentTitle';
import { LOADER_READ } from '@/lib/loaderRead';
import './messages.css';

/** Messages per page of the thread. */
export const THREAD_PAGE_SIZE = 20;

const TAB_LABELS: Record<ConversationTab, string> = {
  messages: 'Message Details',
  request: 'Request Details',
  client: 'Client Details',
};

const tabId = (tab: ConversationTab) => `conversation-tab-${tab}`;
const panelId = (tab: ConversationTab) => `conversation-panel-${tab}`;

/** Oldest first across the loaded pages (page 1 holds the newest), each message once. */
export function threadMessages(pages: readonly MessagePage[]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.data.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function MessageItem({ message, mine, receipt }: { message: Message; mine: boolean; receipt: string | null }) {
  return (
    <li className={`message${mine ? ' message--mine' : ''}`}>
      <article aria-label={`${mine ? 'You' : message.sender.displayName}, ${formatDateTime(message.createdAt)}`}>
        <p className="message__meta">
          <span className="message__sender">{mine ? 'You' : message.sender.displayName}</span>{' '}
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {postedAgo(message.createdAt)}
          </time>
        </p>
        <MessageText text={message.body} />
        {message.attachments.length > 0 && (
          <ul className="message__files" aria-label="Attachments">
            {message.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.name} rel="noopener noreferrer">
                  {file.name}
                </a>{' '}
                <span className="message__file-size">({fileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        )}
        {receipt && <p className="message__receipt">{receipt}</p>}
      </article>
    </li>
  );
}

/** "Read 12 Mar 2026, 18:22" on the caller's latest read message, "Sent" on a newer unread one. */
function receipts(messages: readonly Message[], me: string): Map<string, string> {
  const out = new Map<string, string>();
  const mine = messages.filter((message) => message.sender.id === me);
  const last = mine[mine.length - 1];
  if (!last) return out;
  const lastRead = [...mine].reverse().find((message) => message.readAt);
  if (lastRead?.readAt) out.set(lastRead.id, `Read ${formatDateTime(lastRead.readAt)}`);
  if (last !== lastRead) out.set(last.id, 'Sent');
  return out;
}

/** Says who wrote when a message from the other participant arrives while the page is open. */
function useArrivalAnnouncement(messages: readonly Message[], me: string): string {
  const [text, setText] = useState('');
  const newest = messages[messages.length - 1];
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    if (previous.current && previous.current !== newest.id && newest.sender.id !== me) {
      setText(`New message from ${newest.sender.displayName}: ${newest.body.slice(0, 140)}`);
    }
    previous.current = newest.id;
  }, [newest, me]);
  return text;
}

function MessagesPanel({
  conversation,
  thread,
  me,
}: {
  conversation: Conversation;
  thread: ReturnType<typeof useThread>;
  me: string;
}) {
  const queryClient = useQueryClient();
  const messages = threadMessages(thread.data?.pages ?? []);
  const read = receipts(messages, me);
  const announcement = useArrivalAnnouncement(messages, me);

  const onSent = (message: Message) => {
    queryClient.setQueryData<ConversationThread>(conversationThreadKey(conversation.id), (current) => {
      const first = current?.pages[0];
      if (!current || !first || first.data.items.some((item) => item.id === message.id)) return current;
      const page: MessagePage = { ...first, data: { ...first.data, items: [...first.data.items, message] } };
      return { ...current, pages: [page, ...current.pages.slice(1)] };
    });
  };

  return (
    <div className="conversation-thread">
      {thread.hasNextPage && (
        <button
          type="button"
          className="button button--secondary button--small conversation-thread__earlier"
          onClick={() => void thread.fetchNextPage()}
          disabled={thread.isFetchingNextPage}
        >
          {thread.isFetchingNextPage ? 'Loading earlier messages…' : 'Load earlier messages'}
        </button>
      )}
      {messages.length ? (
        <ol className="thread" aria-label="Messages">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              mine={message.sender.id === me}
              receipt={read.get(message.id) ?? null}
            />
          ))}
        </ol>
      ) : (
        <p className="thread__empty">No messages yet. Write the first one below.</p>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {conversation.locked ? (
        <UnlockPanel conversationId={conversation.id} request={conversation.request} />
      ) : (
        <Composer conversationId={conversation.id} onSent={onSent} />
      )}
    </div>
  );
}

function RequestPanel({ conversation, isClient }: { conversation: Conversation; isClient: boolean }) {
  const request = conversation.request;
  if (!request) {
    return (
      <section className="panel conversation-section" aria-labelledby="conversation-request-title">
        <h2 id="conversation-request-title" className="conversation-section__title">
          Request
        </h2>
        <p>This conversation is not about a request.</p>
      </section>
    );
  }
  return (
    <section className="panel conversation-section" aria-labelledby="conversation-request-title">
      <h2 id="conversation-request-title" className="conversation-section__title">
        {request.title}
      </h2>
      <dl className="fact-list">
        <div className="fact-list__row">
          <dt>Reference</dt>
          <dd>{request.refId}</dd>
        </div>
        {conversation.proposal && (
          <div className="fact-list__row">
            <dt>Proposal</dt>
            <dd>
              <Link to="/dashboard/proposals/$id/details/" params={{ id: conversation.proposal.id }}>
                View the proposal
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <p>
        {isClient ? (
          <Link to="/dashboard/requests/$id/details/" params={{ id: request.id }} className="button button--secondary">
            Open your request
          </Link>
        ) : (
          <Link {...jobLink(request.refId)} className="button button--secondary">
            View the job
          </Link>
        )}
      </p>
    </section>
  );
}

function PersonPanel({ person }: { person: UserSummary }) {
  const profile =
    person.accountType === 'freelancer' ? (
      <Link to="/freelancer/$uid/" params={{ uid: person.id }}>
        View {person.displayName}&apos;s profile
      </Link>
    ) : person.accountType === 'business' && person.companyId ? (
      <Link to="/business/$companyId/" params={{ companyId: person.companyId }}>
        View {person.displayName}&apos;s profile
      </Link>
    ) : null;
  const country = (person as { country?: unknown }).country;
  return (
    <section className="panel conversation-section" aria-labelledby="conversation-person-title">
      <h2 id="conversation-person-title" className="conversation-section__title">
        {person.displayName}
      </h2>
      <div className="conversation-person">
        <Avatar
          name={person.displayName}
          url={person.avatarUrl ?? null}
          size="large"
          shape={person.accountType === 'business' ? 'square' : 'circle'}
        />
        <dl className="fact-list">
          <div className="fact-list__row">
            <dt>Name</dt>
            <dd>{person.displayName}</dd>
          </div>
          <div className="fact-list__row">
            <dt>Account</dt>
            <dd>{ACCOUNT_TYPE_LABELS[person.accountType] ?? person.accountType}</dd>
          </div>
          {typeof country === 'string' && country && (
            <div className="fact-list__row">
              <dt>Country</dt>
              <dd>{country}</dd>
            </div>
          )}
        </dl>
      </div>
      {profile && <p>{profile}</p>}
    </section>
  );
}

/**
 * The thread, newest page first, as the page and its route's loader read it: once (a conversation
 * that is not there is the page's to say), and not again when the page mounts after its route's
 * loader asked: a call that failed shows the page's error with its retry.
 */
export const threadQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: conversationThreadKey(id),
    queryFn: ({ pageParam, signal }) =>
      listConversationMessages(id, { page: pageParam, pageSize: THREAD_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.data.pagination.page < last.data.pagination.totalPages ? last.data.pagination.page + 1 : undefined,
    ...LOADER_READ.query,
  });

function useThread(id: string) {
  return useInfiniteQuery(threadQueryOptions(id));
}

function NotFound() {
  return (
    <div className="container messages-page">
      <div className="messages-empty">
        <h1 className="messages-empty__title">We could not find this conversation</h1>
        <p>It may have been removed, or the link may be wrong.</p>
        <Link to="/dashboard/messages/" className="button button--primary">
          Back to messages
        </Link>
      </div>
    </div>
  );
}

interface ConversationPageProps {
  id: string;
  tab: ConversationTab;
  onTab: (tab: ConversationTab) => void;
}

/** `/dashboard/messages/conversation/{id}/details/`: the thread, the request and the other participant. */
export function ConversationPage({ id, tab, onTab }: ConversationPageProps) {
  const { user } = useAuth();
  const thread = useThread(id);
  const me = user?.id ?? '';
  const queryClient = useQueryClient();
  // Reading the thread marks its messages read: the lists and the badge move with it.
  const loadedAt = thread.isSuccess ? thread.dataUpdatedAt : 0;
  useEffect(() => {
    if (!loadedAt) return;
    void queryClient.invalidateQueries({ queryKey: [CONVERSATION_LIST_PREFIX] });
    void queryClient.invalidateQueries({ queryKey: UNREAD_CONVERSATIONS_KEY });
  }, [loadedAt, queryClient]);

  if (thread.isPending) {
    return (
      <div className="container messages-page">
        <p role="status">Loading the conversation…</p>
      </div>
    );
  }
  if (thread.isError) {
    if (thread.error instanceof ApiError && thread.error.httpStatus === 404) return <NotFound />;
    return (
      <div className="container messages-page">
        <div className="messages-empty messages-empty--error" role="alert">
          <h1 className="messages-empty__title">We could not load this conversation</h1>
          <p>{thread.error.message}</p>
          <button type="button" className="button button--secondary" onClick={() => void thread.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  const conversation = thread.data.pages[0]!.data.conversation;
  const other = otherParticipant(conversation, me);

  return (
    <div className="container messages-page conversation-page">
      <DocumentTitle>{`${conversation.subject} | ${PRODUCT_NAME}`}</DocumentTitle>
      <p className="conversation-page__back">
        <Link to="/dashboard/messages/">← All messages</Link>
      </p>
      <h1 className="messages-page__title">{conversation.subject}</h1>
      <p className="conversation-page__with">With {other.displayName}</p>
      <Tabs
        tabs={CONVERSATION_TABS}
        labels={TAB_LABELS}
        active={tab}
        onSelect={onTab}
        label="Conversation sections"
        className="conversation-tabs"
        tabId={tabId}
        panelId={panelId}
      />
      {CONVERSATION_TABS.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          hidden={name !== tab}
          tabIndex={0}
          className="conversation-panel"
        >
          {name === tab && name === 'messages' && <MessagesPanel conversation={conversation} thread={thread} me={me} />}
          {name === tab && name === 'request' && (
            <RequestPanel conversation={conversation} isClient={user?.accountType === 'client'} />
          )}
          {name === tab && name === 'client' && <PersonPanel person={other} />}
        </div>
      ))}
    </div>
  );
}
