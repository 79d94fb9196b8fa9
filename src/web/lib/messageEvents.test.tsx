import { beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clientUser } from '../../../mocks/fixtures/users';
import { useScenario } from '../../../mocks/node';
import type { Conversation, ConversationPage, Message, MessagePage } from '../api/generated/model';
import { AuthProvider, useAuth } from './auth';
import {
  applyMessageEvent,
  conversationThreadKey,
  MESSAGE_EVENTS_URL,
  messagePreview,
  parseMessageEvent,
  UNREAD_CONVERSATIONS_KEY,
  useMessageEvents,
  type ConversationThread,
  type EventSourceLike,
} from './messageEvents';

const CONVERSATION = '5b8e2d4f-7a1c-4f93-8d26-0c4e9a7b3f15';
const OTHER_CONVERSATION = 'e2b7c4a9-1d5f-4e38-9b60-3a8d2f7c1e45';
const PROVIDER = {
  id: '4b7e1c9a-6d2f-4e8b-9a31-5c0f2d7e8a14',
  accountType: 'freelancer' as const,
  displayName: 'Maya Okafor',
  avatarUrl: null,
  companyId: null,
};

function conversation(id: string, unreadCount = 0): Conversation {
  return {
    id,
    participants: [PROVIDER, { ...PROVIDER, id: clientUser.id, accountType: 'client', displayName: 'Maya Chen' }],
    subject: 'Member analytics',
    request: null,
    proposal: null,
    lastMessage: null,
    unreadCount,
    locked: false,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
  };
}

function message(id: string, body = 'Hello there', conversationId = CONVERSATION): Message {
  return {
    id,
    conversationId,
    sender: PROVIDER,
    body,
    attachments: [],
    createdAt: '2026-03-12T17:05:31Z',
    readAt: null,
  };
}

function threadOf(items: Message[]): ConversationThread {
  const page: MessagePage = {
    status: 'success',
    message: 'OK',
    data: {
      conversation: conversation(CONVERSATION),
      items,
      pagination: { page: 1, pageSize: 20, total: items.length, totalPages: 1 },
    },
  };
  return { pages: [page], pageParams: [1] };
}

function listOf(items: Conversation[]): ConversationPage {
  return {
    status: 'success',
    message: 'OK',
    data: { items, pagination: { page: 1, pageSize: 20, total: items.length, totalPages: 1 }, unreadConversations: 0 },
  };
}

const LIST_KEY = ['/message/conversations/', { page: 1, pageSize: 20 }];

function messageEvent(id: string, conversationId = CONVERSATION) {
  return {
    type: 'message' as const,
    message: message(id, `Body of ${id}`, conversationId),
    conversationId,
    unreadCount: 2,
    unreadConversations: 4,
  };
}

/** An EventSource the test drives. */
class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, ((event: MessageEvent | Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const fakeSource = (url: string) => new FakeEventSource(url);

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useMessageEvents(fakeSource);
      return useAuth();
    },
    { wrapper },
  );
  return { queryClient, hook };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  useScenario('client');
});

describe('applyMessageEvent', () => {
  it("appends a new message to the open conversation's first page once, and moves the list and badge", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationThreadKey(CONVERSATION), threadOf([message('m1')]));
    queryClient.setQueryData(LIST_KEY, listOf([conversation(OTHER_CONVERSATION), conversation(CONVERSATION)]));

    applyMessageEvent(queryClient, messageEvent('m2'));
    applyMessageEvent(queryClient, messageEvent('m2'));

    const thread = queryClient.getQueryData<ConversationThread>(conversationThreadKey(CONVERSATION))!;
    expect(thread.pages[0]!.data.items.map((item) => item.id)).toEqual(['m1', 'm2']);
    const list = queryClient.getQueryData<ConversationPage>(LIST_KEY)!;
    expect(list.data.items.map((item) => item.id)).toEqual([CONVERSATION, OTHER_CONVERSATION]);
    expect(list.data.items[0]!.unreadCount).toBe(2);
    expect(list.data.items[0]!.lastMessage?.bodyPreview).toBe('Body of m2');
    expect(list.data.unreadConversations).toBe(4);
    expect(queryClient.getQueryData(UNREAD_CONVERSATIONS_KEY)).toBe(4);
  });

  it('refetches a list that does not hold the conversation, and a thread that is not loaded', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(LIST_KEY, listOf([conversation(OTHER_CONVERSATION)]));
    queryClient.setQueryData(['/message/conversation/' + CONVERSATION + '/messages/', { page: 2 }], {});

    applyMessageEvent(queryClient, messageEvent('m9'));

    expect(queryClient.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
    expect(
      queryClient.getQueryState(['/message/conversation/' + CONVERSATION + '/messages/', { page: 2 }])?.isInvalidated,
    ).toBe(true);
  });

  it('refetches the thread and lists on a read receipt', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(conversationThreadKey(CONVERSATION), threadOf([message('m1')]));
    queryClient.setQueryData(LIST_KEY, listOf([conversation(CONVERSATION)]));
    applyMessageEvent(queryClient, {
      type: 'read',
      conversationId: CONVERSATION,
      readerId: PROVIDER.id,
      readAt: '2026-03-12T18:00:00Z',
      unreadConversations: 1,
    });
    expect(queryClient.getQueryState(conversationThreadKey(CONVERSATION))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(UNREAD_CONVERSATIONS_KEY)).toBe(1);
  });
});

describe('parseMessageEvent and messagePreview', () => {
  it('keeps known events and drops anything else', () => {
    expect(parseMessageEvent(JSON.stringify(messageEvent('m1')))?.type).toBe('message');
    expect(parseMessageEvent('not json')).toBeNull();
    expect(
      parseMessageEvent(JSON.stringify({ type: 'other', conversationId: 'x', unreadConversations: 1 })),
    ).toBeNull();
    expect(parseMessageEvent(JSON.stringify({ type: 'message', conversationId: 'x' }))).toBeNull();
  });

  it('writes the preview on one line, cut at 160 characters', () => {
    expect(messagePreview({ body: 'Hi\n\nthere', attachments: [] })).toBe('Hi there');
    expect(messagePreview({ body: 'a'.repeat(200), attachments: [] })).toBe(`${'a'.repeat(160)}…`);
  });
});

describe('useMessageEvents', () => {
  it('opens one stream once signed in and applies its events to the cache', async () => {
    const { queryClient } = setup();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe(MESSAGE_EVENTS_URL);
    expect(MESSAGE_EVENTS_URL).toBe('/api/message/events/');

    queryClient.setQueryData(conversationThreadKey(CONVERSATION), threadOf([]));
    act(() => source.emit('message', messageEvent('m5')));
    const thread = queryClient.getQueryData<ConversationThread>(conversationThreadKey(CONVERSATION))!;
    expect(thread.pages[0]!.data.items.map((item) => item.id)).toEqual(['m5']);
    expect(queryClient.getQueryData(UNREAD_CONVERSATIONS_KEY)).toBe(4);

    act(() =>
      source.emit('read', {
        type: 'read',
        conversationId: CONVERSATION,
        readerId: PROVIDER.id,
        readAt: '2026-03-12T18:00:00Z',
        unreadConversations: 0,
      }),
    );
    expect(queryClient.getQueryData(UNREAD_CONVERSATIONS_KEY)).toBe(0);
  });

  it('refetches the messages each time the stream opens: what was read before it listened may be behind', async () => {
    const { queryClient } = setup();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    // Read by the page before the stream was open: a message sent meanwhile came as no event.
    queryClient.setQueryData(LIST_KEY, listOf([]));
    queryClient.setQueryData(UNREAD_CONVERSATIONS_KEY, 0);
    expect(queryClient.getQueryState(LIST_KEY)?.isInvalidated).toBe(false);

    act(() => source.emit('open'));
    expect(queryClient.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(UNREAD_CONVERSATIONS_KEY)?.isInvalidated).toBe(true);

    // Fresh again, then a drop and a reconnect: events may have been missed while down.
    act(() => {
      queryClient.setQueryData(LIST_KEY, listOf([]));
    });
    expect(queryClient.getQueryState(LIST_KEY)?.isInvalidated).toBe(false);
    act(() => {
      source.emit('error');
      source.emit('open');
    });
    expect(queryClient.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
  });

  it('closes the stream on sign-out', async () => {
    const { hook } = setup();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    useScenario('visitor');
    act(() => hook.result.current.signedOut());
    await waitFor(() => expect(FakeEventSource.opened[0]!.closed).toBe(true));
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
