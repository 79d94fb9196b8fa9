import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Upload } from '../../src/server/contract/multipart';
import { uploads, websiteRequests } from '../../src/server/db/schema';
import { allOperationHandlers } from '../../src/server/modules';
import { sweepUnattachedUploads } from '../../src/server/modules/uploads/sweeper';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  randomAddress,
  signedInSession,
  signedSession,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { fileOnDisk, image, multipart, pdf, storedFiles, uploadsDirOf, type FilePart } from './upload-files';

const SUBMIT = '/api/website/request/submit/';
const UPLOAD = '/api/uploads/attachments/';
const MB = 1024 * 1024;
const BOUNDARY = 'streamed-form-boundary';
const ZEROS = Buffer.alloc(MB);

interface StreamedFile {
  field: string;
  name: string;
  type: string;
  size: number;
}

/**
 * A multipart body made while it is read, never held whole: text fields, then each file (a PDF
 * header and zeros). `pulled()` says how many bytes the server has read of it so far.
 */
function streamedMultipart(fields: Record<string, string>, files: StreamedFile[]) {
  let pulled = 0;
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    for (const file of files) {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n%PDF-1.4\n`,
      );
      for (let left = file.size - 9; left > 0; left -= MB) yield ZEROS.subarray(0, Math.min(MB, left));
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  }
  const counted = async function* () {
    for await (const chunk of parts()) {
      pulled += chunk.length;
      yield chunk;
    }
  };
  return {
    payload: Readable.from(counted(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    pulled: () => pulled,
    size: files.reduce((sum, file) => sum + file.size, 0),
  };
}

/** The files waiting in `uploads/.partial` (received, or half-stored). */
const partialFiles = (testApp: TestApp) => {
  const dir = join(uploadsDirOf(testApp), '.partial');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe.each(databaseKinds)('uploads streamed to disk within the contract’s limits (%s)', (kind) => {
  let testApp: TestApp;
  /** What the uploadAttachment handler was given, and whether its file was on disk then. */
  const seen: { upload?: Upload; onDisk?: boolean } = {};
  const app = () => testApp.app;

  beforeAll(async () => {
    const handlers = allOperationHandlers();
    const uploadAttachment = handlers.uploadAttachment!;
    testApp = await buildTestApp(kind, {
      handlers: {
        ...handlers,
        uploadAttachment: async (request, reply) => {
          seen.upload = request.body.files.file?.[0];
          seen.onDisk = seen.upload ? existsSync(seen.upload.path) : undefined;
          return uploadAttachment(request, reply);
        },
      },
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => vi.restoreAllMocks());

  const websiteFields = (overrides: Record<string, string | undefined> = {}) =>
    Object.fromEntries(
      Object.entries({
        name: 'Elena Marquez',
        email: uniqueEmail('elena'),
        serviceSlug: 'data-and-analytics/business',
        message: 'We sell outdoor gear on Shopify and want weekly sales and margin dashboards in Power BI.',
        ...overrides,
      }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
  const counts = async () => ({
    requests: (await app().db.select({ id: websiteRequests.id }).from(websiteRequests)).length,
    uploads: (await app().db.select({ id: uploads.id }).from(uploads)).length,
    files: storedFiles(testApp),
  });
  const submitStreamed = async (body: ReturnType<typeof streamedMultipart>) => {
    const session = await signedSession(app());
    return app().inject({
      method: 'POST',
      url: SUBMIT,
      payload: body.payload,
      headers: { ...body.headers, ...session.headers },
      remoteAddress: randomAddress(),
    });
  };
  const pdfs = (count: number, size: number): StreamedFile[] =>
    Array.from({ length: count }, (_, i) => ({
      field: 'attachments',
      name: `f${i}.pdf`,
      type: 'application/pdf',
      size,
    }));

  it('refuses four concurrent visitors’ 13 x 10 MB bodies without a name before reading their files', async () => {
    const before = await counts();
    const bodies = Array.from({ length: 4 }, () =>
      streamedMultipart(websiteFields({ name: undefined }), pdfs(13, 10 * MB)),
    );
    const started = Date.now();
    const responses = await Promise.all(bodies.map(submitStreamed));
    const elapsed = Date.now() - started;

    for (const [index, response] of responses.entries()) {
      expect(response.statusCode, response.body).toBe(400);
      const body = expectContractResponse('submitWebsiteRequest', response, 400) as { errors?: { field: string }[] };
      expectErrorEnvelope(body);
      expect(body.errors?.map((error) => error.field)).toEqual(['name']);
      // Refused at the first file: not even one whole file was read of the 130 MB sent.
      expect(bodies[index]!.pulled()).toBeLessThan(10 * MB);
      expect(response.headers.connection).toBe('close');
    }
    expect(elapsed).toBeLessThan(5000);
    expect(await counts()).toEqual(before);
    expect(partialFiles(testApp)).toEqual([]);
  });

  it('stops at the operation’s total: 25 MB of attachments in all, even when each file is allowed', async () => {
    const before = await counts();
    const body = streamedMultipart(websiteFields(), pdfs(5, 9 * MB));
    const response = await submitStreamed(body);
    expect(response.statusCode, response.body).toBe(413);
    expect(expectContractResponse('submitWebsiteRequest', response, 413)).toMatchObject({
      code: 'payload_too_large',
      message: 'The files are too large together. The limit is 25 MB.',
    });
    // Read up to the limit (and what the parser reads ahead), not the 45 MB sent.
    expect(body.pulled()).toBeLessThan(30 * MB);
    expect(await counts()).toEqual(before);
    expect(partialFiles(testApp)).toEqual([]);
  });

  it('stops at the operation’s count: a sixth attachment, or a second file where one is taken', async () => {
    const before = await counts();
    const six = await submitStreamed(streamedMultipart(websiteFields(), pdfs(6, 1000)));
    expect(six.statusCode, six.body).toBe(400);
    expect(six.json().errors).toEqual([{ field: 'attachments', message: 'must have at most 5 items' }]);

    const owner = await signedInSession(app(), 'client');
    const two = multipart({}, [
      { field: 'file', name: 'a.pdf', type: 'application/pdf', bytes: pdf() },
      { field: 'file', name: 'b.pdf', type: 'application/pdf', bytes: pdf() },
    ]);
    const response = await app().inject({
      method: 'POST',
      url: UPLOAD,
      payload: two.payload,
      headers: { ...two.headers, ...owner.headers },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(expectContractResponse('uploadAttachment', response, 400)).toMatchObject({
      errors: [{ field: 'file', message: 'must be a single file' }],
    });
    expect(await counts()).toEqual(before);
    expect(partialFiles(testApp)).toEqual([]);
  });

  it('hands the handler a file on disk, never a Buffer, and removes it after success and refusal alike', async () => {
    const owner = await signedInSession(app(), 'client');
    const send = (part: FilePart) => {
      const body = multipart({}, [part]);
      return app().inject({
        method: 'POST',
        url: UPLOAD,
        payload: body.payload,
        headers: { ...body.headers, ...owner.headers },
      });
    };
    const ok = await send({ field: 'file', name: 'brief.pdf', type: 'application/pdf', bytes: pdf() });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(seen.onDisk).toBe(true);
    expect(seen.upload).toMatchObject({ filename: 'brief.pdf', mimetype: 'application/pdf', size: pdf().length });
    expect(Object.values(seen.upload!).some((value) => Buffer.isBuffer(value))).toBe(false);
    expect(existsSync(seen.upload!.path)).toBe(false);
    expect(partialFiles(testApp)).toEqual([]);

    const refused = await send({
      field: 'file',
      name: 'run.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('#!/bin/sh\n'),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(seen.onDisk).toBe(true);
    expect(existsSync(seen.upload!.path)).toBe(false);
    expect(partialFiles(testApp)).toEqual([]);
  });

  it('sweeps uploads used by nothing after a day, keeping attached ones, profile images and fresh ones', async () => {
    const owner = await signedInSession(app(), 'freelancer');
    const ownerId = owner.account.user.id;
    const stored = async (attachedToId: string | null) => {
      const storageKey = `attachment/${crypto.randomUUID()}`;
      await app().storage.put(storageKey, fileOnDisk(pdf()), 'application/pdf');
      const [row] = await app()
        .db.insert(uploads)
        .values({
          ownerId,
          purpose: 'attachment',
          name: 'brief.pdf',
          contentType: 'application/pdf',
          size: pdf().length,
          storageKey,
          attachedToType: attachedToId ? 'service-request' : null,
          attachedToId,
        })
        .returning();
      return row!;
    };
    const abandoned = await stored(null);
    const attached = await stored(crypto.randomUUID());
    const fresh = await stored(null);
    const avatar = multipart({}, [
      { field: 'image', name: 'me.png', type: 'image/png', bytes: await image('png', 240, 240) },
    ]);
    const profile = await app().inject({
      method: 'POST',
      url: '/api/account/update/profile/',
      payload: avatar.payload,
      headers: { ...avatar.headers, ...owner.headers },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const [profileImage] = await app()
      .db.select()
      .from(uploads)
      .where(and(eq(uploads.ownerId, ownerId), eq(uploads.purpose, 'avatar')));
    const old = [abandoned.id, attached.id, profileImage!.id];
    await app()
      .db.update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(uploads.id, old));

    expect(await sweepUnattachedUploads(app())).toBeGreaterThanOrEqual(1);
    const left = await app()
      .db.select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, [...old, fresh.id]));
    expect(left.map((row) => row.id).sort()).toEqual([attached.id, profileImage!.id, fresh.id].sort());
    const files = storedFiles(testApp);
    expect(files).not.toContain(abandoned.storageKey);
    expect(files).toEqual(expect.arrayContaining([attached.storageKey, fresh.storageKey, profileImage!.storageKey]));
  });
});

describe('partial files at start-up', () => {
  it('removes what a crash left in uploads/.partial, keeping a file still being written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-partial-'));
    const partial = join(dataDir, 'uploads', '.partial');
    mkdirSync(partial, { recursive: true });
    writeFileSync(join(partial, 'crashed.part'), ZEROS);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(join(partial, 'crashed.part'), anHourAgo, anHourAgo);
    writeFileSync(join(partial, 'in-flight.part'), ZEROS);
    const testApp = await buildTestApp(databaseKinds[0]!, { env: { DATA_DIR: dataDir } });
    try {
      expect(readdirSync(partial)).toEqual(['in-flight.part']);
    } finally {
      await testApp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
