/**
 * Live message updates: one EventSource on `streamMessageEvents` per tab while signed in, whose
 * events (`message`, `read`) update what React Query holds (the open conversation, the
 * conversation lists, the unread badge). The stream may miss events (a reconnect, a sleeping
 * laptop), and a message sent between a page's read and the stream's first `open` is in neither:
 * every time the stream opens (the first time too) every message query is refetched, so nothing
 * shown stays stale.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { API_ROOT } from '../api/mutator';
import { getStreamMessageEventsUrl, listConversations } from '../api/generated/messages/messages';
import type {
  Conversation,
  ConversationPage,
  Message,
  MessagePage,
  MessageStreamEvent,
  MessageStreamMessageEvent,
} from '../api/generated/model';
import { useAuth } from './auth';

/** The stream's address, as the browser opens it. */
export const MESSAGE_EVENTS_URL = `${API_ROOT}${getStreamMessageEventsUrl()}`;

/** Every list of conversations (any filter or page) starts its key with this. */
export const CONVERSATION_LIST_PREFIX = '/message/conversations/';

/** The badge: how many of the user's conversations have unread messages. */
export const UNREAD_CONVERSATIONS_KEY = ['unread-conversations'] as const;

/** The key prefix of one conversation's messages (every page and view of them). */
export function conversationMessagesPrefix(conversationId: string) {
  return [`/message/conversation/${conversationId}/messages/`] as const;
}

/** The thread of a conversation as the conversation page loads it: pages of messages, page 1 the newest. */
export function conversationThreadKey(conversationId: string) {
  return [...conversationMessagesPrefix(conversationId), 'thread'] as const;
}

export type ConversationThread = InfiniteData<MessagePage, number>;

const PREVIEW_LENGTH = 160;

/** The list's one-line preview of a message, as the server writes `bodyPreview`. */
export function messagePreview(message: Pick<Message, 'body' | 'attachments'>): string {
  const line = message.body.replace(/\s+/g, ' ').trim();
  if (!line && message.attachments.length) return '[attachment]';
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH)}…` : line;
}

function isMessageQueryKey(key: readonly unknown[]): boolean {
  const first = key[0];
  return (
    typeof first === 'string' && (first.startsWith('/message/conversation/') || first === CONVERSATION_LIST_PREFIX)
  );
}

/** Refetch everything the messages pages show (after a reconnect, or when an event cannot be applied). */
export function invalidateMessageQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isMessageQueryKey(query.queryKey) });
}

function withMessage(conversation: Conversation, event: MessageStreamMessageEvent): Conversation {
  const { message } = event;
  return {
    ...conversation,
    unreadCount: event.unreadCount,
    updatedAt: message.createdAt,
    lastMessage: {
      id: message.id,
      bodyPreview: messagePreview(message),
      senderId: message.sender.id,
      createdAt: message.createdAt,
    },
  };
}

function applyToThread(queryClient: QueryClient, event: MessageStreamMessageEvent): void {
  const key = conversationThreadKey(event.conversationId);
  const thread = queryClient.getQueryData<ConversationThread>(key);
  const first = thread?.pages[0];
  if (!thread || !first) {
    void queryClient.invalidateQueries({ queryKey: conversationMessagesPrefix(event.conversationId) });
    return;
  }
  const known = thread.pages.some((page) => page.data.items.some((item) => item.id === event.message.id));
  if (!known) {
    const updated: MessagePage = {
      ...first,
      data: {
        ...first.data,
        conversation: withMessage(first.data.conversation, event),
        items: [...first.data.items, event.message],
        pagination: { ...first.data.pagination, total: first.data.pagination.total + 1 },
      },
    };
    queryClient.setQueryData<ConversationThread>(key, { ...thread, pages: [updated, ...thread.pages.slice(1)] });
  }
  // Shown at once; the open page then refetches in the background, which also marks it read.
  void queryClient.invalidateQueries({ queryKey: conversationMessagesPrefix(event.conversationId) });
}

function listParams(key: readonly unknown[]): { page?: number; unread?: boolean; requestId?: string } | null {
  const params = key[1];
  if (params === undefined) return {};
  return params && typeof params === 'object' ? (params as { page?: number }) : null;
}

function applyToLists(queryClient: QueryClient, event: MessageStreamMessageEvent): void {
  const lists = queryClient.getQueriesData<ConversationPage>({ queryKey: [CONVERSATION_LIST_PREFIX] });
  for (const [key, page] of lists) {
    const params = listParams(key);
    if (!page || !params || !('items' in (page.data ?? {}))) continue;
    const index = page.data.items.findIndex((item) => item.id === event.conversationId);
    const firstPage = (params.page ?? 1) === 1;
    if (index === -1 || !firstPage) {
      // Not on this page (a new conversation, or one that moves up from a later page): ask again.
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const moved = withMessage(page.data.items[index]!, event);
    const items = [moved, ...page.data.items.filter((_, at) => at !== index)];
    queryClient.setQueryData<ConversationPage>(key, {
      ...page,
      data: { ...page.data, items, unreadConversations: event.unreadConversations },
    });
  }
}

/** Applies one stream event to the cached queries. */
export function applyMessageEvent(queryClient: QueryClient, event: MessageStreamEvent): void {
  queryClient.setQueryData(UNREAD_CONVERSATIONS_KEY, event.unreadConversations);
  if (event.type === 'message') {
    applyToThread(queryClient, event);
    applyToLists(queryClient, event);
    return;
  }
  // Read receipts and reads in another tab: the thread's `readAt` and the lists' counts move.
  void queryClient.invalidateQueries({ queryKey: conversationMessagesPrefix(event.conversationId) });
  void queryClient.invalidateQueries({ queryKey: [CONVERSATION_LIST_PREFIX] });
}

/** Reads one SSE `data:` payload; anything that is not a known event is ignored. */
export function parseMessageEvent(data: unknown): MessageStreamEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as Partial<MessageStreamEvent> | null;
    if (!event || typeof event !== 'object' || typeof event.conversationId !== 'string') return null;
    if (typeof event.unreadConversations !== 'number') return null;
    if (event.type === 'message' && event.message && typeof event.message === 'object') {
      return event as MessageStreamEvent;
    }
    if (event.type === 'read') return event as MessageStreamEvent;
    return null;
  } catch {
    return null;
  }
}

/** What the hook needs of an EventSource (a fake one in tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent | Event) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

const browserEventSource: EventSourceFactory | null =
  typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true });

/**
 * Keeps the stream open while someone is signed in, closes it on sign-out (or when the user
 * changes) and applies its events. `createSource` is for tests; without EventSource (old
 * browsers, jsdom) nothing is opened and pages show what they fetch.
 */
export function useMessageEvents(createSource: EventSourceFactory | null = browserEventSource): void {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;

  useEffect(() => {
    if (!userId || !createSource) return;
    const source = createSource(MESSAGE_EVENTS_URL);
    const onData = (event: MessageEvent | Event) => {
      const parsed = parseMessageEvent((event as MessageEvent).data);
      if (parsed) applyMessageEvent(queryClient, parsed);
    };
    // The server names each event by its type; a plain `message` event covers both too.
    source.addEventListener('message', onData);
    source.addEventListener('read', onData);
    source.addEventListener('open', () => {
      // What was read before the server was listening (the page's loader ran first, or the
      // stream was down) may already be behind: read it again now that no event can be missed.
      void invalidateMessageQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: UNREAD_CONVERSATIONS_KEY });
    });
    return () => source.close();
  }, [userId, createSource, queryClient]);
}

/** The unread-conversations badge count while signed in (null for a visitor or before it is known). */
export function useUnreadConversations(): number | null {
  const signedIn = useAuth().isAuthenticated;
  const query = useQuery({
    queryKey: UNREAD_CONVERSATIONS_KEY,
    queryFn: async ({ signal }) =>
      (await listConversations({ page: 1, pageSize: 1 }, { signal })).data.unreadConversations,
    enabled: signedIn,
    // The stream keeps it current; a refetch now and then covers a browser without it.
    staleTime: 60_000,
  });
  return signedIn && typeof query.data === 'number' ? query.data : null;
}
