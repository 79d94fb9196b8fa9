/**
 * A small server-sent-events reader over `fetch`, for tests and the benchmark: frames as they
 * arrive, the next event with a timeout, and whether the server ended the stream.
 */
export interface SseFrame {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  /** A comment line (`: ping`), without the colon and the space. */
  comment?: string;
}

export interface SseStream {
  response: Response;
  /** Every frame received so far. */
  frames: SseFrame[];
  /** The next frame with an `event:` field (pings and comments skipped); rejects after `timeoutMs`. */
  nextEvent(timeoutMs?: number): Promise<SseFrame>;
  /** The next frame of any kind. */
  nextFrame(timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream (or the connection breaks). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Leaves, as a closing browser tab does. */
  close(): void;
}

export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trimStart();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'event' || field === 'id' || field === 'retry') frame[field] = value;
  }
  return frame;
}

/** Opens a stream; resolves once the answer's status and headers are in (whatever the status). */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  let cursor = 0;
  let waiter: (() => void) | undefined;
  let ended = false;
  const wake = () => {
    const resolve = waiter;
    waiter = undefined;
    resolve?.();
  };

  const ended$ = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (block !== '') frames.push(parseFrame(block));
          boundary = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close(), or the connection broke: the stream is over either way
    } finally {
      ended = true;
      wake();
    }
  })();

  const next = async (matches: (frame: SseFrame) => boolean, timeoutMs: number): Promise<SseFrame> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (cursor < frames.length) {
        const frame = frames[cursor++]!;
        if (matches(frame)) return frame;
      }
      if (ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  return {
    response,
    frames,
    nextEvent: (timeoutMs = 5_000) => next((frame) => frame.event !== undefined, timeoutMs),
    nextFrame: (timeoutMs = 5_000) => next(() => true, timeoutMs),
    ended: ended$,
    isEnded: () => ended,
    close: () => controller.abort(),
  };
}
