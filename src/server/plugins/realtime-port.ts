import { EventEmitter } from 'node:events';
import type { components } from '../generated/api';

/** One live event for a user's streams (`streamMessageEvents`), as the contract types it. */
export type RealtimeEvent = components['schemas']['MessageStreamEvent'];

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * Live events for signed-in users. A module publishes after its transaction commits; every
 * stream of each named user receives the event, whichever server process holds it.
 * `inProcessRealtime` serves one process (the embedded database); on PostgreSQL,
 * `realtime-postgres.ts` shares events between processes on top of it.
 */
export interface Realtime {
  /** Delivers `event` to every open stream of each user; resolves once it is handed over. */
  publish(userIds: readonly string[], event: RealtimeEvent): Promise<void>;
  /** Calls `listener` with each event for `userId` until the returned function is called. */
  subscribe(userId: string, listener: RealtimeListener): () => void;
}

export function inProcessRealtime(): Realtime {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userIds, event) {
      for (const userId of new Set(userIds)) emitter.emit(userId, event);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
  };
}
