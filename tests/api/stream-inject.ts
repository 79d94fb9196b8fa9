import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const EVENT_STREAM = 'text/event-stream';

/** Whether an answer is an event stream (an `x-stream` operation's success). */
export const isEventStream = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-type'] ?? '').startsWith(EVENT_STREAM);

/**
 * `app.inject()` for a call that may answer with an event stream kept open (an `x-stream`
 * operation): a stream is read for its status and headers only and then left, as a closing tab
 * does (its body reads as empty); any other answer is read whole, as `inject()` does.
 */
export async function injectSettled(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  let bytes = Buffer.alloc(0);
  if (isEventStream(response)) {
    stream.on('error', () => undefined);
    (response.raw.res as unknown as { destroy(): void }).destroy();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    bytes = Buffer.concat(chunks);
  }
  const body = bytes.toString();
  return Object.assign(response, {
    rawPayload: bytes,
    payload: body,
    body,
    json: () => JSON.parse(body) as unknown,
  });
}
