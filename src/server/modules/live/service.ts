import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { perApp, type AppDeps } from '../../lib/per-app';
import type { RealtimeEvent } from '../../plugins/realtime';
import { viewerOf } from '../viewer';

/**
 * How often an open stream hears from the server. The ping (an SSE comment) keeps proxies from
 * closing an idle stream; the session check ends the streams whose session is gone (signed out,
 * password changed, expired), in this process or another, with one query for all of them.
 * Tests shorten them.
 */
export const STREAM_TIMING = { pingMs: 25_000, sessionCheckMs: 5_000 };

/** A client that reads slower than events arrive is dropped past this much unsent data; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** How long the browser's EventSource waits before reconnecting after a stream ends. */
const RETRY_MS = 3_000;

/** The SSE frame of one event: its type, the stream's counter as its id, its JSON as data. */
export const eventFrame = (event: RealtimeEvent, id: number) =>
  `event: ${event.type}\nid: ${id}\ndata: ${JSON.stringify(event)}\n\n`;

interface OpenStream {
  sessionId: string;
  write(chunk: string): void;
  end(): void;
}

type LiveDeps = Pick<AppDeps, 'realtime' | 'sessions' | 'closing' | 'log'>;

/**
 * The live-events streams (`streamMessageEvents`) this process holds: each one subscribes to its
 * user's events and writes them as server-sent events until the client leaves, the session ends
 * or the app closes.
 */
export const liveStreams = perApp((deps: LiveDeps) => {
  const streams = new Set<OpenStream>();
  let pingTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let checking = false;

  const stopTimers = () => {
    clearInterval(pingTimer);
    clearInterval(checkTimer);
    pingTimer = checkTimer = undefined;
  };

  const startTimers = () => {
    if (pingTimer) return;
    pingTimer = setInterval(() => {
      for (const stream of streams) stream.write(': ping\n\n');
    }, STREAM_TIMING.pingMs).unref();
    checkTimer = setInterval(() => void checkSessions(), STREAM_TIMING.sessionCheckMs).unref();
  };

  /** Ends every stream whose session no longer exists. */
  const checkSessions = async () => {
    if (checking || streams.size === 0) return;
    checking = true;
    try {
      const live = await deps.sessions.stillLive([...new Set([...streams].map((stream) => stream.sessionId))]);
      for (const stream of streams) if (!live.has(stream.sessionId)) stream.end();
    } catch (error) {
      deps.log.warn({ err: error }, 'checking the sessions of the live-events streams failed');
    } finally {
      checking = false;
    }
  };

  deps.closing.addEventListener('abort', () => {
    for (const stream of streams) stream.end();
    stopTimers();
  });

  return {
    /**
     * Takes the reply over and keeps it open as the caller's event stream; returns the reply,
     * which the contract plugin passes through as sent.
     */
    open(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      const viewer = viewerOf(request);
      const sessionId = request.session!.id;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        // What the hooks set so far (the security headers), then the stream's own.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      request.raw.socket?.setNoDelay(true);
      request.raw.socket?.setTimeout(0);

      let counter = 0;
      let ended = false;
      const stream: OpenStream = {
        sessionId,
        write(chunk) {
          if (ended) return;
          if (raw.writableLength > MAX_BUFFERED_BYTES) {
            stream.end();
            return;
          }
          raw.write(chunk);
        },
        end() {
          if (ended) return;
          ended = true;
          unsubscribe();
          streams.delete(stream);
          if (streams.size === 0) stopTimers();
          if (!raw.writableEnded) raw.end();
        },
      };
      const unsubscribe = deps.realtime.subscribe(viewer.userId, (event) => stream.write(eventFrame(event, ++counter)));
      raw.on('close', () => stream.end());
      raw.on('error', () => stream.end());
      if (deps.closing.aborted) {
        stream.end();
        return reply;
      }
      streams.add(stream);
      startTimers();
      raw.write(`retry: ${RETRY_MS}\n\n`);
      return reply;
    },
    /** Open streams in this process. */
    count: () => streams.size,
    checkSessions,
  };
});
