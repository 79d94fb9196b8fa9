import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresListener, type ChannelHandlers, type PostgresListener } from '../../src/server/db/listen-connection';

/**
 * The process's one LISTEN connection (live events and cache invalidations share it), against a
 * real PostgreSQL: one backend for every channel, each channel's notifications to its own
 * handler, and after the connection is killed, every channel listened to again.
 */
describe.skipIf(!process.env.DATABASE_URL)('the shared LISTEN connection (postgres)', () => {
  let admin: pg.Client;
  let listener: PostgresListener | undefined;
  const applicationName = `listen-test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterEach(async () => {
    await listener?.close();
    listener = undefined;
  });
  afterAll(async () => {
    await admin?.end();
  });

  const backends = async () => {
    const result = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
      applicationName,
    ]);
    return result.rows.map((row) => row.pid);
  };
  const notify = (channel: string, payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);
  const channelName = () => `test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

  function follower(purpose: string) {
    const payloads: string[] = [];
    const states: boolean[] = [];
    const handlers: ChannelHandlers = {
      purpose,
      onNotification: (payload) => payloads.push(payload),
      onState: (listening) => states.push(listening),
      log: log(),
    };
    return { payloads, states, handlers };
  }

  it('listens on two channels over one connection, each notification to its own channel', async () => {
    listener = postgresListener({ connection: { connectionString: process.env.DATABASE_URL }, applicationName });
    const [liveChannel, cacheChannel] = [channelName(), channelName()];
    const live = follower('live-events');
    const cache = follower('cache-invalidation');
    const liveSub = await listener.listen(liveChannel, live.handlers);
    const cacheSub = await listener.listen(cacheChannel, cache.handlers);
    expect(liveSub.listening()).toBe(true);
    expect(cacheSub.listening()).toBe(true);
    expect(live.states).toEqual([true]);
    expect(cache.states).toEqual([true]);
    expect(await backends()).toHaveLength(1);

    await notify(liveChannel, 'a message');
    await notify(cacheChannel, 'a profile');
    await vi.waitFor(() => {
      expect(live.payloads).toEqual(['a message']);
      expect(cache.payloads).toEqual(['a profile']);
    });

    // A channel closed alone stops; the other goes on over the same connection.
    await liveSub.close();
    expect(liveSub.listening()).toBe(false);
    expect(live.states).toEqual([true, false]);
    await notify(liveChannel, 'not heard');
    await notify(cacheChannel, 'heard');
    await vi.waitFor(() => expect(cache.payloads).toEqual(['a profile', 'heard']));
    expect(live.payloads).toEqual(['a message']);
    expect(await backends()).toHaveLength(1);

    await listener.close();
    listener = undefined;
    expect(cacheSub.listening()).toBe(false);
    await vi.waitFor(async () => expect(await backends()).toHaveLength(0));
  });

  it('when the connection is killed, tells each channel, reconnects and listens on every channel again', async () => {
    listener = postgresListener({ connection: { connectionString: process.env.DATABASE_URL }, applicationName });
    const [liveChannel, cacheChannel] = [channelName(), channelName()];
    const live = follower('live-events');
    const cache = follower('cache-invalidation');
    await listener.listen(liveChannel, live.handlers);
    await listener.listen(cacheChannel, cache.handlers);
    const [pid] = await backends();

    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await vi.waitFor(
      () => {
        expect(live.states).toEqual([true, false, true]);
        expect(cache.states).toEqual([true, false, true]);
      },
      { timeout: 5000 },
    );
    // One warning, naming what was lost, from the first channel's log.
    expect(live.handlers.log.warn).toHaveBeenCalledTimes(1);
    expect(vi.mocked(live.handlers.log.warn).mock.calls[0]![1]).toBe(
      'the live-events, cache-invalidation listener lost its database connection; reconnecting',
    );
    const after = await backends();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(pid);

    await notify(liveChannel, 'after');
    await notify(cacheChannel, 'after too');
    await vi.waitFor(() => {
      expect(live.payloads).toEqual(['after']);
      expect(cache.payloads).toEqual(['after too']);
    });
  });

  it('gives each follower of one channel its notifications, and listens until the last one stops', async () => {
    // Two apps on one database handle (a restart in a test): both follow the cache channel.
    listener = postgresListener({ connection: { connectionString: process.env.DATABASE_URL }, applicationName });
    const channel = channelName();
    const first = follower('cache-invalidation');
    const second = follower('cache-invalidation');
    const firstSub = await listener.listen(channel, first.handlers);
    const secondSub = await listener.listen(channel, second.handlers);
    expect(first.states).toEqual([true]);
    expect(second.states).toEqual([true]);

    await notify(channel, 'one');
    await vi.waitFor(() => {
      expect(first.payloads).toEqual(['one']);
      expect(second.payloads).toEqual(['one']);
    });

    await firstSub.close();
    expect(firstSub.listening()).toBe(false);
    expect(secondSub.listening()).toBe(true);
    expect(first.states).toEqual([true, false]);
    await notify(channel, 'two');
    await vi.waitFor(() => expect(second.payloads).toEqual(['one', 'two']));
    expect(first.payloads).toEqual(['one']);

    // Notifications arrive in order on the one connection: once the marker is in, 'three' was not.
    const marker = follower('live-events');
    const markerChannel = channelName();
    await listener.listen(markerChannel, marker.handlers);
    await secondSub.close();
    expect(second.states).toEqual([true, false]);
    await notify(channel, 'three');
    await notify(markerChannel, 'marker');
    await vi.waitFor(() => expect(marker.payloads).toEqual(['marker']));
    expect(second.payloads).toEqual(['one', 'two']);
  });
});
