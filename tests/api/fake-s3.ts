import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake bucket received. */
export interface S3Request {
  method: string;
  /** The object's key (the path after `/<bucket>/`, decoded). */
  key: string;
  contentType?: string;
  /** The object's bytes of a PUT, the transfer encoding taken off. */
  body?: Buffer;
}

/**
 * A tiny S3-compatible server on 127.0.0.1 for tests: one bucket, path-style addresses
 * (`/<bucket>/<key>`), PUT, GET and DELETE of objects, everything kept in memory and every request
 * recorded. Enough of S3 for the storage adapter, no more: no signatures checked, no listing.
 */
export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType?: string }>();
  readonly requests: S3Request[] = [];
  private server: Server | undefined;

  constructor(readonly bucket: string) {}

  /** Starts listening on a free port; answers the endpoint to give the SDK. */
  async start(): Promise<string> {
    const server = createServer((request, response) => {
      this.handle(request).then(
        ({ status, body, headers }) => response.writeHead(status, headers).end(body),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<{ status: number; body?: Buffer | string; headers?: Record<string, string | number> }> {
    const path = new URL(request.url ?? '/', 'http://fake-s3').pathname;
    const prefix = `/${this.bucket}/`;
    const raw = await readAll(request);
    if (!path.startsWith(prefix)) return s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const key = decodeURIComponent(path.slice(prefix.length));
    const contentType = request.headers['content-type'];
    switch (request.method) {
      case 'PUT': {
        const encoding = String(request.headers['content-encoding'] ?? '');
        const body = encoding.includes('aws-chunked') ? decodeAwsChunked(raw) : raw;
        const declared = request.headers['x-amz-decoded-content-length'];
        if (declared !== undefined && Number(declared) !== body.length) {
          return s3Error(400, 'IncompleteBody', 'The request body is shorter than its declared length.');
        }
        this.requests.push({ method: 'PUT', key, contentType, body });
        this.objects.set(key, { body, contentType });
        return { status: 200, headers: { etag: '"fake"' } };
      }
      case 'GET': {
        this.requests.push({ method: 'GET', key });
        const object = this.objects.get(key);
        if (!object) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        return {
          status: 200,
          body: object.body,
          headers: {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
          },
        };
      }
      case 'DELETE':
        this.requests.push({ method: 'DELETE', key });
        this.objects.delete(key);
        return { status: 204 };
      default:
        return s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The payload of an `aws-chunked` body, as the SDK sends a PUT with a trailing checksum:
 * `<hex size>[;chunk-signature=...]\r\n<bytes>\r\n` repeated, then a zero-size chunk and trailers.
 */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('aws-chunked body without a chunk header');
    const size = parseInt(raw.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked body with a bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function s3Error(status: number, code: string, message: string) {
  return {
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    headers: { 'content-type': 'application/xml' },
  };
}
