import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 15_000;

export interface ListenConnection {
  /** Connects and LISTENs (retrying in the background on failure); resolves after the first try. */
  start(): Promise<void>;
  /** Stops listening and reconnecting. */
  close(): Promise<void>;
  /** Whether the connection is LISTENing now: a notification sent from now on will arrive. */
  listening(): boolean;
}

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel, outside the app's pool (a pooled
 * connection would hand the LISTEN to whoever borrows it next). When it drops it reconnects with a
 * growing delay (0.25 s doubling to 15 s); `onState` tells when it starts and stops listening,
 * because notifications sent in between are lost to this process.
 */
export function listenConnection(options: {
  connection: pg.ClientConfig;
  channel: string;
  /** Names the connection in `pg_stat_activity`. */
  applicationName: string;
  /** What the log says was lost when the connection drops. */
  purpose: string;
  onNotification: (payload: string) => void;
  onState?: (listening: boolean) => void;
  log: FastifyBaseLogger;
}): ListenConnection {
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retryDelay = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    options.onState?.(value);
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...options.connection, application_name: options.applicationName });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      setConnected(false);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) {
        options.log.warn({ err: error }, `the ${options.purpose} listener lost its database connection; reconnecting`);
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) {
        options.onNotification(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryDelay = RECONNECT_MIN_MS;
      setConnected(true);
    } catch (error) {
      onLost(error as Error);
    }
  };

  return {
    start: connect,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      setConnected(false);
      if (current) await current.end().catch(() => undefined);
    },
    listening: () => connected,
  };
}
