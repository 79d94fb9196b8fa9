// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../../src/server/plugins/realtime';
import {
  MAX_NOTIFY_BYTES,
  notificationPayloads,
  notificationReader,
} from '../../../src/server/plugins/realtime-postgres';

const messageEvent = (body: string): RealtimeEvent => {
  const conversationId = randomUUID();
  return {
    type: 'message',
    conversationId,
    unreadCount: 3,
    unreadConversations: 2,
    message: {
      id: randomUUID(),
      conversationId,
      sender: { id: randomUUID(), accountType: 'business', displayName: 'Harbor Analytics' },
      body,
      attachments: Array.from({ length: 5 }, (_, index) => ({
        id: randomUUID(),
        name: `stock-cover-${index}.pdf`,
        url: `/uploads/files/${randomUUID()}.pdf`,
        size: 184_320,
        contentType: 'application/pdf',
      })),
      createdAt: '2026-11-20T14:32:00Z',
      readAt: null,
    },
  };
};

describe('live events through NOTIFY', () => {
  const sender = randomUUID();
  const users = [randomUUID(), randomUUID()];

  it('sends a small event whole, and the sending process skips its own', () => {
    const event = messageEvent('Could you walk me through the three warehouses?');
    const payloads = notificationPayloads(sender, [...users, users[0]!], event);
    expect(payloads).toHaveLength(1);
    expect(JSON.parse(payloads[0]!)).toEqual({ o: sender, u: users, e: event });
    expect(notificationReader(randomUUID()).read(payloads[0]!)).toEqual({ o: sender, u: users, e: event });
    expect(notificationReader(sender).read(payloads[0]!)).toBeUndefined();
  });

  it('splits the largest message event into chunks under the limit and joins them back, in any order', () => {
    // 5,000 characters of 4-byte UTF-8 and JSON escapes: far past 8,000 bytes.
    const body = '📦\n"stock"\u0001'.repeat(500).slice(0, 5000);
    const event = messageEvent(body);
    const payloads = notificationPayloads(sender, users, event);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(MAX_NOTIFY_BYTES);

    const reader = notificationReader(randomUUID());
    const reversed = [...payloads].reverse();
    const results = reversed.map((payload) => reader.read(payload));
    expect(results.slice(0, -1).every((result) => result === undefined)).toBe(true);
    expect(results.at(-1)).toEqual({ o: sender, u: users, e: event });
    expect(reader.pending()).toBe(0);
  });

  it('ignores junk, repeated chunks and chunks of its own', () => {
    const payloads = notificationPayloads(sender, users, messageEvent('x'.repeat(5000).replaceAll('x', '"')));
    const reader = notificationReader(randomUUID());
    for (const junk of [
      '',
      'not json',
      '{}',
      'null',
      '{"o":"a","u":"b","e":{}}',
      '{"o":"a","c":"b","i":5,"n":2,"p":""}',
    ])
      expect(reader.read(junk)).toBeUndefined();
    expect(reader.read(payloads[0]!)).toBeUndefined();
    expect(reader.read(payloads[0]!)).toBeUndefined();
    for (const payload of payloads.slice(1, -1)) reader.read(payload);
    expect(reader.read(payloads.at(-1)!)?.u).toEqual(users);
    const own = notificationReader(sender);
    expect(payloads.map((payload) => own.read(payload)).every((result) => result === undefined)).toBe(true);
    expect(own.pending()).toBe(0);
  });
});
