import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/server/db/schema';
import { sweepUnattachedUploads } from '../../src/server/modules/uploads/sweeper';
import { S3Storage, StoredFileMissing } from '../../src/server/storage';
import { FakeS3 } from './fake-s3';
import { buildTestApp, databaseKinds, signedInSession, type TestApp } from './helpers';
import { fileOnDisk, multipart, pdf } from './upload-files';

const BUCKET = 'market-uploads-test';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('the S3 storage against an S3-compatible server', () => {
  const s3 = new FakeS3(BUCKET);
  let storage: S3Storage;

  beforeAll(async () => {
    const endpoint = await s3.start();
    storage = new S3Storage({
      kind: 's3',
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });
  });
  afterAll(async () => {
    storage?.destroy();
    await s3.stop();
  });

  it('streams a file from its path into the bucket byte for byte, reads it back and deletes it', async () => {
    // Several megabytes of random bytes: many chunks, none of them alike.
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const key = `attachment/${randomUUID()}`;
    await storage.put(key, fileOnDisk(bytes), 'application/pdf');

    const put = s3.requests.filter((request) => request.method === 'PUT' && request.key === key);
    expect(put).toHaveLength(1);
    expect(put[0]!.contentType).toBe('application/pdf');
    expect(put[0]!.body!.equals(bytes)).toBe(true);

    expect((await bytesOf(await storage.get(key))).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(s3.requests.at(-1)).toEqual({ method: 'DELETE', key });
    expect(s3.objects.has(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('refuses a key outside the storage’s own names before calling the bucket', async () => {
    const before = s3.requests.length;
    await expect(storage.put('../escape', fileOnDisk(pdf()), 'application/pdf')).rejects.toThrow();
    expect(s3.requests).toHaveLength(before);
  });
});

describe.each(databaseKinds)('uploads kept in an S3 bucket (%s)', (kind) => {
  const s3 = new FakeS3(BUCKET);
  let testApp: TestApp;

  beforeAll(async () => {
    const endpoint = await s3.start();
    testApp = await buildTestApp(kind, {
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await s3.stop();
  });

  it('stores an uploaded attachment in the bucket, and the sweeper deletes it there once abandoned', async () => {
    const app = testApp.app;
    expect(app.storage).toBeInstanceOf(S3Storage);
    const session = await signedInSession(app, 'client');
    const form = multipart({}, [{ field: 'file', name: 'brief.pdf', type: 'application/pdf', bytes: pdf() }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads/attachments/',
      headers: { ...session.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as { data: { id: string } }).data.id;
    const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id));
    expect(s3.objects.get(row!.storageKey)?.body.equals(pdf())).toBe(true);

    // Attached to nothing for more than a day.
    await app.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(uploads.id, id));
    expect(await sweepUnattachedUploads(app)).toBe(1);
    expect(s3.requests.at(-1)).toEqual({ method: 'DELETE', key: row!.storageKey });
    expect(s3.objects.has(row!.storageKey)).toBe(false);
    expect(await app.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
  });
});
