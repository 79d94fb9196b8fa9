import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorEnvelope, type TestApp } from './helpers';

/** Sends raw bytes to a listening server and reads the whole answer until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parseRaw(answer: string): { status: number; contentType: string; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /^content-type: (.*)$/im.exec(head)?.[1] ?? '';
  return { status, contentType, body: JSON.parse(body) as unknown };
}

describe('requests Node refuses before Fastify routes them still get the error envelope', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await buildTestApp('pglite');
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as { port: number }).port;
  });
  afterAll(() => testApp.close());

  it.each([
    ['a 20 KB header', `GET /api/csrf/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`, 431],
    ['a 100 KB address', `GET /api/csrf/?q=${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a garbage request line', 'THIS IS NOT HTTP\r\n\r\n', 400],
    ['a bad header line', 'GET /api/csrf/ HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400],
    ['a broken content length', 'POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
  ])('%s', async (_name, request, status) => {
    const answer = parseRaw(await rawExchange(port, request));
    expect(answer.status).toBe(status);
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expectErrorEnvelope(answer.body);
  });

  it('a well-formed request on the same server is answered as usual', async () => {
    const answer = parseRaw(
      await rawExchange(port, 'GET /api/nowhere/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(answer.status).toBe(404);
    expectErrorEnvelope(answer.body);
  });
});
