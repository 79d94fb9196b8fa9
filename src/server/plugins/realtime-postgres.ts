import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelListener, PostgresListener } from '../db/listen-connection';
import { inProcessRealtime, type Realtime, type RealtimeEvent } from './realtime-port';

/** The one channel every server process of a database LISTENs on. */
export const REALTIME_CHANNEL = 'marketplace_live';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a notification stays under this.
 * A message event can be larger (a body of 5,000 characters is up to 20,000 bytes of UTF-8, more
 * once JSON escapes it, plus five attachments), so a larger one travels in chunks (see below).
 */
export const MAX_NOTIFY_BYTES = 7900;
/** Base64 characters per chunk: the chunk's JSON (ids, counters) stays well under the limit. */
const CHUNK_CHARS = 7600;
/** An event no process could ever need: dropped (with a warning) rather than sent in 60 chunks. */
const MAX_EVENT_BYTES = 256 * 1024;
/** Chunks of an event still incomplete after this long are forgotten (a listener that reconnected lost the rest). */
const INCOMPLETE_CHUNKS_MS = 30_000;

/**
 * What goes through the channel, as JSON: either the whole event,
 *   `{"o": origin, "u": [userId, ...], "e": MessageStreamEvent}`
 * or, when that JSON is 7,900 bytes or more, one notification per chunk of its base64,
 *   `{"o": origin, "c": chunkedId, "i": index, "n": count, "p": "<base64 slice>"}`,
 * all sent by one statement (one transaction), so they arrive together and in order; the receiver
 * joins them by `o` + `c` and decodes the whole. `o` names the sending process, which delivered
 * the event to its own streams already and skips its own notifications. Nothing is stored: an
 * event missed while a listener reconnects is refetched by the web app when its stream reconnects.
 */
export interface WholeNotification {
  o: string;
  u: string[];
  e: RealtimeEvent;
}
export interface ChunkNotification {
  o: string;
  c: string;
  i: number;
  n: number;
  p: string;
}

/** The notification payloads that carry one event from `origin` (one, or one per chunk). */
export function notificationPayloads(origin: string, userIds: readonly string[], event: RealtimeEvent): string[] {
  const whole = JSON.stringify({ o: origin, u: [...new Set(userIds)], e: event } satisfies WholeNotification);
  const bytes = Buffer.byteLength(whole);
  if (bytes < MAX_NOTIFY_BYTES) return [whole];
  if (bytes > MAX_EVENT_BYTES) throw new Error(`a live event of ${bytes} bytes is too large to share`);
  const encoded = Buffer.from(whole).toString('base64');
  const count = Math.ceil(encoded.length / CHUNK_CHARS);
  const id = randomUUID();
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      o: origin,
      c: id,
      i: index,
      n: count,
      p: encoded.slice(index * CHUNK_CHARS, (index + 1) * CHUNK_CHARS),
    } satisfies ChunkNotification),
  );
}

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Reads notifications back into events, joining chunks. Anything malformed (another program on
 * the channel, a truncated chunk set) is ignored: a missed live event is never lost data.
 */
export function notificationReader(origin: string, now: () => number = Date.now) {
  const partial = new Map<string, { parts: string[]; received: number; startedAt: number }>();
  const forgetStale = () => {
    for (const [key, entry] of partial) if (now() - entry.startedAt > INCOMPLETE_CHUNKS_MS) partial.delete(key);
  };
  const whole = (value: unknown): WholeNotification | undefined => {
    const candidate = value as Partial<WholeNotification> | null;
    if (!candidate || !Array.isArray(candidate.u) || !candidate.u.every(isString)) return undefined;
    if (typeof candidate.e !== 'object' || candidate.e === null || !isString(candidate.e.type)) return undefined;
    return candidate as WholeNotification;
  };
  return {
    /** The event a payload completes, or undefined (its own, a chunk of an unfinished one, or junk). */
    read(payload: string): WholeNotification | undefined {
      let value: Partial<WholeNotification & ChunkNotification> | null;
      try {
        value = JSON.parse(payload) as typeof value;
      } catch {
        return undefined;
      }
      if (!value || typeof value !== 'object' || value.o === origin || !isString(value.o)) return undefined;
      if (!('c' in value)) return whole(value);
      const { c, i, n, p } = value;
      if (!isString(c) || !isString(p) || !Number.isInteger(i) || !Number.isInteger(n)) return undefined;
      if (n! < 1 || n! > 64 || i! < 0 || i! >= n!) return undefined;
      forgetStale();
      const key = `${value.o} ${c}`;
      const entry = partial.get(key) ?? { parts: new Array<string>(n!).fill(''), received: 0, startedAt: now() };
      if (entry.parts.length !== n || entry.parts[i!] !== '') return undefined;
      entry.parts[i!] = p;
      entry.received += 1;
      if (entry.received < n!) {
        partial.set(key, entry);
        return undefined;
      }
      partial.delete(key);
      try {
        return whole(JSON.parse(Buffer.from(entry.parts.join(''), 'base64').toString('utf8')));
      } catch {
        return undefined;
      }
    },
    /** How many chunked events are waiting for more chunks (tests). */
    pending: () => partial.size,
  };
}

export interface PostgresRealtime extends Realtime {
  /** Connects the LISTEN client (retrying in the background on failure). */
  start(): Promise<void>;
  /** Stops listening and reconnecting. */
  close(): Promise<void>;
  /** Whether the LISTEN client is connected now. */
  listening(): boolean;
}

/**
 * Live events shared by every server process of one PostgreSQL database through LISTEN/NOTIFY:
 * `publish` delivers to this process's streams at once, then sends `pg_notify` on the pool; the
 * process's LISTEN connection (shared with the cache invalidations, `db/listen-connection.ts`)
 * delivers what the other processes sent, and reconnects when it drops.
 */
export function postgresRealtime(options: {
  /** The process's LISTEN connection. */
  listener: PostgresListener;
  /** Runs `SELECT pg_notify(...)` on the app's pool. */
  notify: (channel: string, payloads: string[]) => Promise<void>;
  log: FastifyBaseLogger;
  channel?: string;
}): PostgresRealtime {
  const channel = options.channel ?? REALTIME_CHANNEL;
  const origin = randomUUID();
  const local = inProcessRealtime();
  const reader = notificationReader(origin);
  const deliver = (payload: string) => {
    const event = reader.read(payload);
    if (event) void local.publish(event.u, event.e);
  };
  let subscription: ChannelListener | undefined;

  return {
    async publish(userIds, event) {
      await local.publish(userIds, event);
      let payloads: string[];
      try {
        payloads = notificationPayloads(origin, userIds, event);
      } catch (error) {
        options.log.warn({ err: error }, 'a live event was too large to share with the other processes');
        return;
      }
      await options.notify(channel, payloads);
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    async start() {
      subscription = await options.listener.listen(channel, {
        purpose: 'live-events',
        onNotification: deliver,
        log: options.log,
      });
    },
    close: async () => subscription?.close(),
    listening: () => subscription?.listening() ?? false,
  };
}
