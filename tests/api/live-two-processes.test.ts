import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../src/server/plugins/realtime';
import { notificationPayloads, REALTIME_CHANNEL } from '../../src/server/plugins/realtime-postgres';
import { messageEvent } from './live-fixtures';
import { openSse, type SseStream } from './sse-client';
import {
  processDatabase,
  signUpThrough as signUp,
  startServer,
  stopServer,
  type ServerProcess,
} from './server-process';

/**
 * Two real server processes on one PostgreSQL database: an event published in one reaches the
 * streams the other holds. PostgreSQL only: on the embedded database there is one process.
 */
describe.skipIf(!process.env.DATABASE_URL)('live events across two server processes (postgres)', () => {
  let dataDirs: string[];
  let database: Awaited<ReturnType<typeof processDatabase>>;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let admin: pg.Client;
  const open: SseStream[] = [];

  beforeAll(async () => {
    dataDirs = [mkdtempSync(join(tmpdir(), 'marketplace-live-a-')), mkdtempSync(join(tmpdir(), 'marketplace-live-b-'))];
    database = await processDatabase('postgres', dataDirs[0]!);
    const env = { ...database.env, CSRF_SECRET: 'k'.repeat(40), LOG_LEVEL: 'warn' };
    a = await startServer({ ...env, DATA_DIR: dataDirs[0]! });
    b = await startServer({ ...env, DATA_DIR: dataDirs[1]! });
    admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await admin.connect();
  }, 180_000);

  afterAll(async () => {
    for (const stream of open) stream.close();
    await admin?.end();
    if (a) await stopServer(a);
    if (b) await stopServer(b);
    await database?.dispose();
    for (const dir of dataDirs ?? []) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("delivers a notification sent on process B's connection to the user's stream on process A, once", async () => {
    const me = await signUp(a!.origin);
    const other = await signUp(b!.origin);
    const stream = await openSse(`${a!.origin}/api/message/events/`, { cookie: me.cookie });
    open.push(stream);
    expect(stream.response.status).toBe(200);

    // Exactly what process B's publish sends: the payload format and the channel.
    const notify = async (userIds: string[], event: ReturnType<typeof messageEvent>) => {
      for (const payload of notificationPayloads(randomUUID(), userIds, event))
        await admin.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
    };
    const notMine = messageEvent('For someone else');
    await notify([other.userId], notMine);
    const small = messageEvent();
    await notify([me.userId], small);
    // Past the NOTIFY limit: it travels in chunks and arrives whole.
    const large = messageEvent('📦 "stock cover"\n'.repeat(400).slice(0, 5000));
    await notify([me.userId], large);

    const first = await stream.nextEvent(10_000);
    const second = await stream.nextEvent(10_000);
    expect([JSON.parse(first.data!), JSON.parse(second.data!)]).toEqual([small, large]);
    expect([first.id, second.id]).toEqual(['1', '2']);
    // Nothing else arrives: not the other user's event, and no event twice.
    await expect(stream.nextEvent(1_000)).rejects.toThrow(/no frame/);
  }, 60_000);

  it("delivers a message sent with sendMessage through process A to the recipient's stream on process B", async () => {
    const sender = await signUp(a!.origin);
    const recipient = await signUp(b!.origin);
    const stream = await openSse(`${b!.origin}/api/message/events/`, { cookie: recipient.cookie });
    open.push(stream);
    expect(stream.response.status).toBe(200);

    const post = async (path: string, body: object) => {
      const response = await fetch(`${a!.origin}${path}`, {
        method: 'POST',
        headers: { cookie: sender.cookie, 'x-csrf-token': sender.csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { data: { id: string } };
      return { status: response.status, data: envelope.data };
    };
    // The conversation starts with a first message: its event arrives first.
    const started = await post('/api/message/conversation/create/', {
      recipientId: recipient.userId,
      body: 'Would you take on the mobile part of a retail project?',
    });
    expect(started.status).toBe(201);
    const opening = JSON.parse((await stream.nextEvent(10_000)).data!) as RealtimeEvent;
    expect(opening).toMatchObject({ type: 'message', conversationId: started.data.id });

    const body = 'The brief and the designs are ready; could you start next week?';
    const sent = await post(`/api/message/conversation/${started.data.id}/messages/send/`, { body });
    expect(sent.status).toBe(201);
    const frame = await stream.nextEvent(10_000);
    expect(JSON.parse(frame.data!)).toMatchObject({
      type: 'message',
      conversationId: started.data.id,
      unreadCount: 2,
      message: { id: sent.data.id, body, sender: { id: sender.userId } },
    });
    // Once: no copy of it comes later.
    await expect(stream.nextEvent(1_000)).rejects.toThrow(/no frame/);
  }, 60_000);
});
