import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelListener, PostgresListener } from '../db/listen-connection';
import { InvalidatedCache } from './invalidated-cache';

/**
 * The channel the database's triggers notify after a commit that changed what a cache holds
 * (migration `cache_invalidation`): `s:<session id>` when a session row is updated or deleted,
 * `u:<user id>` when anything `GET /auth/me/` answers about that user changes. `<prefix>:*` empties
 * every cache of the prefix: `r:*` after any change to the service requests (the job board's
 * counts and visitors' answers), `d:*` after any change to what a directory card shows (profiles,
 * the accounts' names, business locations, subscriptions). `b:<token>` is a
 * process's own barrier (see `sync`).
 */
export const CACHE_CHANNEL = 'marketplace_cache';

/** How long `sync` waits for its own notification before it drops every cache instead. */
const SYNC_TIMEOUT_MS = 2_000;

export interface CacheInvalidation {
  /**
   * A cache whose key `k` is evicted by the notification `<prefix>:k`, and emptied by `<prefix>:*`;
   * with several prefixes, by the notifications of each (an answer built from several tables).
   */
  cache<V>(prefix: string | readonly string[], options: { ttlMs: number; maxEntries: number }): InvalidatedCache<V>;
  /**
   * Resolves once every notification committed before the call has been applied in this process.
   * PostgreSQL delivers a listener's notifications in commit order, so a notification of our own,
   * sent after our writes committed, arrives after theirs: once it is back, no cache here holds
   * what those writes changed. Called before an answer to a writing request leaves.
   */
  sync(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface Transport {
  start(deliver: (payload: string) => void, onState: (listening: boolean) => void): Promise<void>;
  close(): Promise<void>;
  listening(): boolean;
  /** Sends a notification on the channel; undefined when the transport delivers during the commit itself. */
  notify?: (payload: string) => Promise<void>;
}

function invalidationHub(transport: Transport, log: FastifyBaseLogger): CacheInvalidation {
  const caches = new Map<string, Set<InvalidatedCache<unknown>>>();
  const barriers = new Map<string, () => void>();
  const clearAll = () => {
    for (const group of caches.values()) for (const cache of group) cache.clear();
  };
  const deliver = (payload: string) => {
    const colon = payload.indexOf(':');
    if (colon < 1) return;
    const prefix = payload.slice(0, colon);
    const key = payload.slice(colon + 1);
    if (prefix === 'b') {
      barriers.get(key)?.();
      return;
    }
    for (const cache of caches.get(prefix) ?? []) {
      if (key === '*') cache.clear();
      else cache.evict(key);
    }
  };
  // Whatever changed while nobody listened is unknown: start again from the database.
  const onState = () => clearAll();

  return {
    cache<V>(prefixes: string | readonly string[], options: { ttlMs: number; maxEntries: number }) {
      const names = typeof prefixes === 'string' ? [prefixes] : prefixes;
      for (const prefix of names) {
        if (prefix === 'b' || prefix === '' || prefix.includes(':')) throw new Error(`"${prefix}" cannot name a cache`);
      }
      const cache = new InvalidatedCache<V>({ ...options, enabled: () => transport.listening() });
      for (const prefix of names) {
        caches.set(prefix, (caches.get(prefix) ?? new Set()).add(cache as InvalidatedCache<unknown>));
      }
      return cache;
    },
    async sync() {
      const notify = transport.notify;
      if (!notify || !transport.listening()) return;
      const token = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        barriers.set(token, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await notify(`b:${token}`);
        if (!(await back)) {
          log.warn('a cache barrier did not come back in time; every cache starts again from the database');
          clearAll();
        }
      } catch (error) {
        log.warn({ err: error }, 'a cache barrier could not be sent; every cache starts again from the database');
        clearAll();
      } finally {
        clearTimeout(timer);
        barriers.delete(token);
      }
    },
    start: () => transport.start(deliver, onState),
    close: () => transport.close(),
  };
}

/**
 * Between the server processes of one PostgreSQL database: the process's LISTEN connection
 * follows the channel; `notify` sends on the app's pool.
 */
export function postgresInvalidation(options: {
  /** The process's LISTEN connection. */
  listener: PostgresListener;
  notify: (channel: string, payload: string) => Promise<void>;
  log: FastifyBaseLogger;
}): CacheInvalidation {
  let subscription: ChannelListener | undefined;
  return invalidationHub(
    {
      async start(deliver, onState) {
        subscription = await options.listener.listen(CACHE_CHANNEL, {
          purpose: 'cache-invalidation',
          onNotification: deliver,
          onState,
          log: options.log,
        });
      },
      close: async () => subscription?.close(),
      listening: () => subscription?.listening() ?? false,
      notify: (payload) => options.notify(CACHE_CHANNEL, payload),
    },
    options.log,
  );
}

/**
 * The embedded database: one process, and PGlite hands a transaction's notifications to its
 * listeners before the statement that commits it returns, so no barrier is needed.
 */
export function embeddedInvalidation(
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>,
  log: FastifyBaseLogger,
): CacheInvalidation {
  let unlisten: (() => Promise<void>) | undefined;
  return invalidationHub(
    {
      async start(deliver) {
        unlisten = await listen(CACHE_CHANNEL, deliver);
      },
      async close() {
        const current = unlisten;
        unlisten = undefined;
        await current?.().catch(() => undefined);
      },
      listening: () => unlisten !== undefined,
    },
    log,
  );
}

/** For a service used outside a server process (a script, a test of one service): caches keep nothing. */
export function uncached(log?: FastifyBaseLogger): CacheInvalidation {
  return invalidationHub(
    { start: async () => {}, close: async () => {}, listening: () => false },
    log ?? ({ warn: () => {} } as unknown as FastifyBaseLogger),
  );
}
