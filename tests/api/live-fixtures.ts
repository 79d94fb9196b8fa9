import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '../../src/server/plugins/realtime';

/** A `message` event for `recipientId`'s streams, as the messages module publishes it. */
export function messageEvent(body = 'Could you walk me through the stock-cover dashboard?'): RealtimeEvent {
  const conversationId = randomUUID();
  return {
    type: 'message',
    conversationId,
    unreadCount: 1,
    unreadConversations: 1,
    message: {
      id: randomUUID(),
      conversationId,
      sender: { id: randomUUID(), accountType: 'client', displayName: 'Maya Okafor' },
      body,
      attachments: [],
      createdAt: new Date().toISOString(),
      readAt: null,
    },
  };
}

/** A `read` event: `readerId` read a conversation of the receiving user. */
export const readEvent = (readerId: string): RealtimeEvent => ({
  type: 'read',
  conversationId: randomUUID(),
  readerId,
  readAt: new Date().toISOString(),
  unreadConversations: 0,
});
