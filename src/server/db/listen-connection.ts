import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 15_000;

/** What one channel's listener is told. */
export interface ChannelHandlers {
  /** What the log says was lost when the connection drops (`live-events`, `cache-invalidation`). */
  purpose: string;
  onNotification: (payload: string) => void;
  /** When the channel starts and stops being listened to: notifications sent in between are lost. */
  onState?: (listening: boolean) => void;
  log: FastifyBaseLogger;
}

export interface ChannelListener {
  /** Whether the channel is LISTENed to now: a notification sent on it from now on will arrive. */
  listening(): boolean;
  /** Stops following the channel; the last follower's close UNLISTENs (the connection stays). */
  close(): Promise<void>;
}

export interface PostgresListener {
  /**
   * Follows `channel` too, on the one connection: LISTENs at once when it is up, else when it
   * next connects (the first call connects). Resolves after the channel's first try. Several
   * followers of one channel each get its notifications.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelListener>;
  /** Stops listening and reconnecting, for every channel. */
  close(): Promise<void>;
}

/**
 * One dedicated PostgreSQL connection per process that LISTENs on every channel the process
 * follows (live events, cache invalidations), outside the app's pool: a pooled connection would
 * hand the LISTEN to whoever borrows it next. When it drops it reconnects with a growing delay
 * (0.25 s doubling to 15 s) and LISTENs on the channels again; each channel's `onState` tells
 * when it starts and stops being listened to.
 */
export function postgresListener(options: { connection: pg.ClientConfig; applicationName: string }): PostgresListener {
  /** Who follows each channel: several apps may share one database handle (tests, restarts). */
  const channels = new Map<string, Set<ChannelHandlers>>();
  /** The channels LISTENed to on the current connection. */
  const listened = new Set<string>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retryDelay = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const setListening = (channel: string, value: boolean) => {
    if (listened.has(channel) === value) return;
    if (value) listened.add(channel);
    else listened.delete(channel);
    for (const handlers of channels.get(channel) ?? []) handlers.onState?.(value);
  };

  const dropAll = () => {
    for (const channel of [...listened]) setListening(channel, false);
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || channels.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
  };

  const listenOn = async (current: pg.Client, channel: string) => {
    if (listened.has(channel)) return;
    await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (client === current && channels.has(channel)) setListening(channel, true);
  };

  const connect = (): Promise<void> => {
    if (closed) return Promise.resolve();
    connecting ??= (async () => {
      const next = new pg.Client({ ...options.connection, application_name: options.applicationName });
      let lost = false;
      const onLost = (error?: Error) => {
        if (lost) return;
        lost = true;
        if (client === next) {
          client = undefined;
          dropAll();
        }
        next.removeAllListeners('notification');
        void next.end().catch(() => undefined);
        if (!closed && channels.size > 0) {
          const following = [...channels.values()].flatMap((set) => [...set]);
          const purposes = [...new Set(following.map((handlers) => handlers.purpose))].join(', ');
          following[0]!.log.warn({ err: error }, `the ${purposes} listener lost its database connection; reconnecting`);
          scheduleReconnect();
        }
      };
      next.on('error', onLost);
      next.on('end', () => onLost());
      next.on('notification', (message) => {
        if (message.payload === undefined || !listened.has(message.channel)) return;
        for (const handlers of channels.get(message.channel) ?? []) handlers.onNotification(message.payload);
      });
      try {
        await next.connect();
        if (closed) {
          await next.end();
          return;
        }
        client = next;
        for (const channel of channels.keys()) await listenOn(next, channel);
        retryDelay = RECONNECT_MIN_MS;
      } catch (error) {
        onLost(error as Error);
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async listen(channel, handlers) {
      const following = channels.get(channel) ?? new Set<ChannelHandlers>();
      channels.set(channel, following);
      following.add(handlers);
      let subscribed = true;
      if (listened.has(channel)) handlers.onState?.(true);
      if (connecting) await connecting;
      if (client) {
        await listenOn(client, channel).catch(() => undefined);
      } else if (!retryTimer) {
        await connect();
      }
      return {
        listening: () => subscribed && listened.has(channel),
        async close() {
          if (!subscribed) return;
          subscribed = false;
          following.delete(handlers);
          if (listened.has(channel)) handlers.onState?.(false);
          if (following.size > 0 || channels.get(channel) !== following) return;
          // The channel's last follower: stop listening on it.
          channels.delete(channel);
          const current = client;
          const wasListened = listened.delete(channel);
          if (current && wasListened) {
            await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
          }
        },
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      if (connecting) await connecting;
      const current = client;
      client = undefined;
      dropAll();
      channels.clear();
      if (current) await current.end().catch(() => undefined);
    },
  };
}
