import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profiles, serviceRequests, uploads } from '../../src/server/db/schema';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import { INCOMPLETE_FILE } from '../../src/server/modules/uploads/file-types';
import {
  attachmentsOf,
  claimAttachments,
  storeImage,
  validateAttachmentIds,
} from '../../src/server/modules/uploads/service';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import {
  animatedWebp,
  cut,
  cutKeepingTheEnd,
  fileOnDisk,
  image,
  multipart,
  pdf,
  plainImage,
  png,
  pngBomb,
  SAMPLE_FILES,
  storedFiles,
  type FilePart,
} from './upload-files';

const UPLOAD = '/api/uploads/attachments/';
type Attachment = { id: string; name: string; url: string; size: number; contentType: string };

/** A data-and-analytics business request whose option answers are the catalogue's first ones. */
async function openRequest(app: FastifyInstance, clientId: string): Promise<string> {
  const first = async (list: string) =>
    ((await app.inject({ url: `/api/service/${list}/all/` })).json() as { data: { slug: string }[] }).data[0]!.slug;
  const { request } = await serviceRequestService(app).create(clientId, {
    family: 'data-and-analytics',
    subFamily: 'business',
    formId: 'requests/data-and-analytics-business',
    title: 'Sales dashboards for a wholesale distributor',
    answers: {
      businessSize: await first('business-size'),
      dataSources: [await first('data-and-analytics/data-source')],
      analysisType: [await first('data-and-analytics/analysis-type')],
      deliverables: [await first('data-and-analytics/deliverable')],
      description: 'Weekly sales and stock reports are built by hand in spreadsheets; we want live dashboards.',
      budget: { type: 'fixed', min: 1000, max: 2000, currency: 'USD' },
      projectDuration: await first('project-duration'),
      hiringDecision: await first('hiring-decision'),
    },
  });
  return request.id;
}

describe.each(databaseKinds)('uploads (%s)', (kind) => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof signedInSession>>;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    owner = await signedInSession(app(), 'client');
  });
  afterAll(() => testApp.close());
  afterEach(() => vi.restoreAllMocks());

  const send = (session: SignedSession, files: FilePart[], fields: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: UPLOAD, ...withHeaders(multipart(fields, files), session) });
  const withHeaders = (body: ReturnType<typeof multipart>, session: SignedSession) => ({
    payload: body.payload,
    headers: { ...body.headers, ...session.headers },
  });
  const file = (name: string, type: string, bytes: Buffer): FilePart => ({ field: 'file', name, type, bytes });
  const upload = async (session: SignedSession, part: FilePart): Promise<Attachment> => {
    const response = await send(session, [part]);
    return (expectContractResponse('uploadAttachment', response, 201) as { data: Attachment }).data;
  };
  const download = (session: SignedSession | null, url: string) =>
    app().inject({ url, headers: session ? { cookie: session.cookie } : {} });
  const rowCount = async () => (await app().db.select({ id: uploads.id }).from(uploads)).length;

  /** A refusal leaves no row and no byte behind. */
  async function expectRefused(response: LightMyRequestResponse, status: number, field?: string) {
    expect(response.statusCode, response.body).toBe(status);
    const body = expectContractResponse('uploadAttachment', response, status) as { errors?: { field: string }[] };
    expectErrorEnvelope(body);
    if (field) expect(body.errors?.map((e) => e.field)).toContain(field);
  }

  it.each(SAMPLE_FILES.map((sample) => [sample.label, sample] as const))(
    'stores a %s, answers its attachment and serves the same bytes to the uploader',
    async (_label, sample) => {
      const before = storedFiles(testApp).length;
      const attachment = await upload(owner, file(sample.name, sample.type, sample.bytes));
      expect(attachment).toMatchObject({ name: sample.storedName, contentType: sample.storedAs });
      expect(attachment.url).toBe(`/api/uploads/${attachment.id}/${encodeURIComponent(sample.storedName)}`);
      expect(storedFiles(testApp)).toHaveLength(before + 1);

      const [row] = await app().db.select().from(uploads).where(eq(uploads.id, attachment.id));
      expect(row).toMatchObject({ ownerId: owner.account.user.id, purpose: 'attachment', attachedToId: null });
      expect(row!.storageKey).toMatch(new RegExp(`^attachment/[0-9a-f-]{36}\\.${sample.keyExtension}$`));

      const response = await download(owner, attachment.url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(attachment.size);
      if (sample.type.startsWith('image/')) {
        // Images are decoded and written anew: other bytes, the same picture.
        const stored = await sharp(response.rawPayload).metadata();
        const sent = await sharp(sample.bytes).metadata();
        expect([stored.format, stored.width, stored.height]).toEqual(['webp', sent.width, sent.height]);
      } else {
        expect(response.rawPayload.equals(sample.bytes)).toBe(true);
      }
      expect(response.headers['content-type']).toContain(sample.storedAs);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toMatch(/^private/);
      const disposition = String(response.headers['content-disposition']);
      expect(disposition.startsWith(sample.storedAs.startsWith('image/') ? 'inline;' : 'attachment;')).toBe(true);
      expect(disposition).toContain(`filename="${sample.storedName}"`);
    },
  );

  it('decides the type from the bytes: a lying content type or name is refused, and nothing is kept', async () => {
    const rows = await rowCount();
    const files = storedFiles(testApp);
    const lies: FilePart[] = [
      file('invoice.pdf', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>')),
      file('avatar.png', 'image/png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])),
      file('page.html', 'text/html', Buffer.from('<!doctype html><p>hi</p>')),
      file('drawing.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
      file('archive.gz', 'application/gzip', Buffer.from('1f8b0800000000000003030000000000000000', 'hex')),
      // A PNG's bytes under a PDF's name and type are stored as the PNG they are.
      file('notes.txt', 'text/plain', Buffer.from('plain words\0with a NUL')),
      file('notes.txt', 'text/plain', Buffer.from([0x66, 0x6f, 0xff, 0xfe, 0x6f])),
      file('data.csv', 'text/plain', Buffer.from('a,b\n1,2\n')),
      file('data.txt', 'application/octet-stream', Buffer.from('words')),
      file(
        'old.exe',
        'application/msword',
        Buffer.from(
          Buffer.alloc(1024)
            .fill(0)
            .map((_, i) => (i < 8 ? [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1][i]! : 0)),
        ),
      ),
    ];
    for (const lie of lies) await expectRefused(await send(owner, [lie]), 400, 'file');
    expect(await rowCount()).toBe(rows);
    expect(storedFiles(testApp)).toEqual(files);

    const disguised = await upload(owner, file('contract.pdf', 'application/pdf', png()));
    expect(disguised).toMatchObject({ contentType: 'image/webp', name: 'contract.pdf' });
  });

  it('refuses a file over 10 MB with 413 and the envelope, keeping nothing', async () => {
    const rows = await rowCount();
    const files = storedFiles(testApp);
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const response = await send(owner, [file('huge.pdf', 'application/pdf', big)]);
    await expectRefused(response, 413);
    expect(response.json().code).toBe('payload_too_large');
    expect(await rowCount()).toBe(rows);
    expect(storedFiles(testApp)).toEqual(files);
  });

  it('refuses empty, cut-off and missing files with 400', async () => {
    const rows = await rowCount();
    const files = storedFiles(testApp);
    await expectRefused(await send(owner, [file('empty.pdf', 'application/pdf', Buffer.alloc(0))]), 400, 'file');
    const whole = png();
    await expectRefused(await send(owner, [file('half.png', 'image/png', whole.subarray(0, 40))]), 400, 'file');
    const zip = SAMPLE_FILES.find((s) => s.label === 'ZIP')!.bytes;
    await expectRefused(
      await send(owner, [file('cut.zip', 'application/zip', zip.subarray(0, zip.length - 30))]),
      400,
      'file',
    );
    await expectRefused(await send(owner, [file('cut.pdf', 'application/pdf', pdf().subarray(0, 30))]), 400, 'file');
    // The multipart body itself ends in the middle of the file.
    const body = multipart({}, [file('brief.pdf', 'application/pdf', pdf())]);
    const truncated = body.payload.subarray(0, body.payload.length - 60);
    await expectRefused(
      await app().inject({
        method: 'POST',
        url: UPLOAD,
        payload: truncated,
        headers: { ...body.headers, ...owner.headers },
      }),
      400,
    );
    await expectRefused(await send(owner, []), 400, 'file');
    await expectRefused(await send(owner, [], { file: 'not a file' }), 400, 'file');
    await expectRefused(
      await send(owner, [file('a.pdf', 'application/pdf', pdf()), file('b.pdf', 'application/pdf', pdf())]),
      400,
      'file',
    );
    expect(await rowCount()).toBe(rows);
    expect(storedFiles(testApp)).toEqual(files);
  });

  it('keeps only a clean last segment of the name', async () => {
    const cases: [sent: string, kept: string][] = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\Windows\\brief.pdf', 'brief.pdf'],
      ['/var/tmp/../report.pdf', 'report.pdf'],
      ['re\u0007port\u202egpj.pdf', 'reportgpj.pdf'],
      ['..', 'file.pdf'],
      [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(196)}.pdf`],
      ['Überblick 2026 (final).pdf', 'Überblick 2026 (final).pdf'],
    ];
    for (const [sent, kept] of cases) {
      const attachment = await upload(owner, file(sent, 'application/pdf', pdf()));
      expect(attachment.name, sent).toBe(kept);
      expect((await download(owner, attachment.url)).statusCode, sent).toBe(200);
    }
    const rows = await app().db.select({ key: uploads.storageKey }).from(uploads);
    for (const row of rows) expect(row.key).toMatch(/^attachment\/[0-9a-f-]{36}\.[a-z]+$/);
    expect(storedFiles(testApp).every((path) => /^attachment\/[0-9a-f-]{36}\.[a-z]+$/.test(path))).toBe(true);
  });

  it('allows 60 uploads an hour per account, then 429 with Retry-After and nothing stored', async () => {
    const busy = await signedInSession(app(), 'freelancer');
    const small = file('n.txt', 'text/plain', Buffer.from('x'));
    for (let i = 0; i < 60; i++) expect((await send(busy, [small])).statusCode).toBe(201);
    const rows = await rowCount();
    const files = storedFiles(testApp);
    const response = await send(busy, [small]);
    await expectRefused(response, 429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowCount()).toBe(rows);
    expect(storedFiles(testApp)).toEqual(files);
    expect((await send(owner, [small])).statusCode).toBe(201);
  });

  it('needs a signed-in caller and the CSRF token', async () => {
    const visitor = await signedSession(app());
    expect((await send(visitor, [file('a.pdf', 'application/pdf', pdf())])).statusCode).toBe(401);
    const body = multipart({}, [file('a.pdf', 'application/pdf', pdf())]);
    const response = await app().inject({
      method: 'POST',
      url: UPLOAD,
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_failed');
  });

  it('stores nothing when the storage fails, and removes the stored file when the row cannot be written', async () => {
    const rows = await rowCount();
    const files = storedFiles(testApp);
    vi.spyOn(app().storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    expect((await send(owner, [file('a.pdf', 'application/pdf', pdf())])).statusCode).toBe(500);
    expect(await rowCount()).toBe(rows);
    expect(storedFiles(testApp)).toEqual(files);

    await app().db.execute(sql`ALTER TABLE uploads ADD CONSTRAINT uploads_test_refuse CHECK (size < 0) NOT VALID`);
    try {
      expect((await send(owner, [file('a.pdf', 'application/pdf', pdf())])).statusCode).toBe(500);
    } finally {
      await app().db.execute(sql`ALTER TABLE uploads DROP CONSTRAINT uploads_test_refuse`);
    }
    expect(await rowCount()).toBe(rows);
    expect(storedFiles(testApp)).toEqual(files);
  });

  it('serves the images public pages show to anyone, with a public cache, and nothing else', async () => {
    const owner = await signedInSession(app(), 'freelancer');
    const visitor = await signedSession(app());
    const avatar = await upload(owner, file('me.png', 'image/png', png()));
    const logo = await upload(owner, file('logo.png', 'image/png', png()));
    const loose = await upload(owner, file('loose.png', 'image/png', png()));
    const brief = await upload(owner, file('brief.pdf', 'application/pdf', pdf()));
    await app()
      .db.insert(profiles)
      .values({ userId: owner.account.user.id, accountType: 'freelancer', imageId: avatar.id });
    await app()
      .db.update(uploads)
      .set({ attachedToType: 'business-logo', attachedToId: owner.account.user.id })
      .where(sql`${uploads.id} in (${logo.id}, ${brief.id})`);

    for (const shown of [avatar, logo]) {
      const response = await download(visitor, shown.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.headers['content-type']).toBe('image/webp');
    }
    // An image nobody shows, and a file that is not an image, stay the uploader's.
    expect((await download(visitor, loose.url)).statusCode).toBe(404);
    expect((await download(visitor, brief.url)).statusCode).toBe(404);
    const own = await download(owner, loose.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=300');
  });

  it('serves a file only to whom it concerns; everyone else gets 404', async () => {
    const mine = await upload(owner, file('mine.pdf', 'application/pdf', pdf()));
    const otherClient = await signedInSession(app(), 'client');
    const freelancer = await signedInSession(app(), 'freelancer');
    const business = await signedInSession(app(), 'business');
    const visitor = await signedSession(app());

    expect((await download(owner, mine.url)).statusCode).toBe(200);
    expect((await download(visitor, mine.url)).statusCode).toBe(404);
    for (const stranger of [otherClient, freelancer, business]) {
      const response = await download(stranger, mine.url);
      expectContractResponse('getUpload', response, 404);
    }
    expect((await download(owner, mine.url.replace('mine.pdf', 'other.pdf'))).statusCode).toBe(404);
    expect((await download(owner, `/api/uploads/7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33/mine.pdf`)).statusCode).toBe(404);
    expectContractResponse('getUpload', await download(owner, '/api/uploads/not-a-uuid/mine.pdf'), 400);

    // Attached to an open service request: its client and every provider may read it, other clients may not.
    const requestId = await openRequest(app(), owner.account.user.id);
    await app().db.transaction((tx) =>
      claimAttachments(tx, owner.account.user.id, [mine.id], { type: 'service-request', id: requestId }),
    );
    expect((await download(freelancer, mine.url)).statusCode).toBe(200);
    expect((await download(business, mine.url)).statusCode).toBe(200);
    expect((await download(otherClient, mine.url)).statusCode).toBe(404);
    await app().db.update(serviceRequests).set({ status: 'closed' }).where(eq(serviceRequests.id, requestId));
    expect((await download(freelancer, mine.url)).statusCode).toBe(404);
    expect((await download(business, mine.url)).statusCode).toBe(404);
    expect((await download(owner, mine.url)).statusCode).toBe(200);

    // The client of the request reads it even when someone else uploaded it (a future shared upload).
    const someone = await createAccount(app(), 'client');
    const theirs = await app()
      .db.insert(uploads)
      .values({
        ownerId: someone.user.id,
        purpose: 'attachment',
        name: 'theirs.pdf',
        contentType: 'application/pdf',
        size: pdf().length,
        storageKey: `attachment/${crypto.randomUUID()}`,
        attachedToType: 'service-request',
        attachedToId: requestId,
      })
      .returning();
    await app().storage.put(theirs[0]!.storageKey, fileOnDisk(pdf()), 'application/pdf');
    expect((await download(owner, `/api/uploads/${theirs[0]!.id}/theirs.pdf`)).statusCode).toBe(200);
  });

  describe('images', () => {
    /** The 400 names `file` with `message`, and nothing is kept. */
    async function expectImageRefused(part: FilePart, message: string) {
      const rows = await rowCount();
      const files = storedFiles(testApp);
      const response = await send(owner, [part]);
      await expectRefused(response, 400, 'file');
      expect(response.json().errors, part.name).toEqual([{ field: 'file', message }]);
      expect(await rowCount()).toBe(rows);
      expect(storedFiles(testApp)).toEqual(files);
    }
    const storedMetadata = async (attachment: Attachment) =>
      sharp((await download(owner, attachment.url)).rawPayload).metadata();

    it('stores a phone photo upright as WebP, without its EXIF and where it was taken', async () => {
      const photo = await image('jpeg', 400, 300, { orientation: 6, gps: true });
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const attachment = await upload(owner, file('IMG_0042.JPG', 'image/jpeg', photo));
      expect(attachment).toMatchObject({ name: 'IMG_0042.JPG', contentType: 'image/webp' });
      const stored = await storedMetadata(attachment);
      expect(stored).toMatchObject({ format: 'webp', width: 300, height: 400 });
      expect([stored.exif, stored.xmp, stored.icc, stored.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    });

    it('shrinks a large image to fit 2560 x 2560 without cropping, and never enlarges a small one', async () => {
      const wide = await upload(owner, file('panorama.png', 'image/png', await plainImage('png', 6000, 1500)));
      expect(await storedMetadata(wide)).toMatchObject({ width: 2560, height: 640 });
      const small = await upload(owner, file('icon.webp', 'image/webp', await image('webp', 120, 90)));
      expect(await storedMetadata(small)).toMatchObject({ width: 120, height: 90 });
    });

    it('refuses a cut-off or damaged JPEG or PNG with 400 naming file, keeping nothing', async () => {
      const photo = await image('jpeg', 300, 200);
      const drawing = await image('png', 300, 200);
      await expectImageRefused(file('cut.jpg', 'image/jpeg', cut(photo)), INCOMPLETE_FILE);
      await expectImageRefused(file('cut.png', 'image/png', cut(drawing)), INCOMPLETE_FILE);
      // The ending is there, so only decoding the pixels finds the damage.
      await expectImageRefused(file('damaged.jpg', 'image/jpeg', cutKeepingTheEnd(photo, 'jpeg')), INCOMPLETE_FILE);
      await expectImageRefused(file('damaged.png', 'image/png', cutKeepingTheEnd(drawing, 'png')), INCOMPLETE_FILE);
    });

    it('refuses an image over 50 megapixels and an animated one, keeping nothing', async () => {
      await expectImageRefused(file('bomb.png', 'image/png', await pngBomb()), 'must be at most 50 megapixels');
      await expectImageRefused(file('moving.webp', 'image/webp', await animatedWebp()), 'must not be animated');
    });

    it('stores an image for another module with its preset and purpose, refusing anything else', async () => {
      const ownerId = owner.account.user.id;
      const avatar = await storeImage(app(), {
        ownerId,
        purpose: 'avatar',
        fileName: 'me.jpeg',
        file: fileOnDisk(await image('jpeg', 1200, 900)),
        preset: 'avatar',
      });
      expect(avatar).toMatchObject({ name: 'me.jpeg', contentType: 'image/webp' });
      expect(await storedMetadata(avatar)).toMatchObject({ format: 'webp', width: 512, height: 384 });
      const [row] = await app().db.select().from(uploads).where(eq(uploads.id, avatar.id));
      expect(row).toMatchObject({ ownerId, purpose: 'avatar', size: avatar.size, attachedToId: null });
      expect(row!.storageKey).toMatch(/^avatar\/[0-9a-f-]{36}\.webp$/);

      const rows = await rowCount();
      const files = storedFiles(testApp);
      const store = (bytes: Buffer) =>
        storeImage(app(), {
          ownerId,
          purpose: 'logo',
          fileName: 'logo.png',
          file: fileOnDisk(bytes),
          preset: 'logo',
          field: 'logo',
        });
      await expect(store(pdf())).rejects.toMatchObject({
        statusCode: 400,
        errors: [{ field: 'logo', message: 'must be a PNG, JPEG or WebP image' }],
      });
      await expect(store(cutKeepingTheEnd(await image('png', 64, 64), 'png'))).rejects.toMatchObject({
        errors: [{ field: 'logo', message: INCOMPLETE_FILE }],
      });
      vi.spyOn(app().storage, 'put').mockRejectedValueOnce(new Error('disk full'));
      await expect(store(png())).rejects.toThrow('disk full');
      expect(await rowCount()).toBe(rows);
      expect(storedFiles(testApp)).toEqual(files);
    });
  });

  describe('for the requests module', () => {
    it('claims exactly the caller’s unattached files, naming each bad id by its position', async () => {
      const client = await signedInSession(app(), 'client');
      const other = await signedInSession(app(), 'client');
      const a = await upload(client, file('a.pdf', 'application/pdf', pdf()));
      const b = await upload(client, file('b.png', 'image/png', png()));
      const foreign = await upload(other, file('c.pdf', 'application/pdf', pdf()));
      const requestId = await openRequest(app(), client.account.user.id);
      const target = { type: 'service-request', id: requestId } as const;
      const unknown = '7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33';

      expect(await validateAttachmentIds(app().db, client.account.user.id, [a.id, b.id])).toEqual([]);
      expect(
        (await validateAttachmentIds(app().db, client.account.user.id, [a.id, foreign.id, unknown, 'nope', a.id])).map(
          (e) => e.field,
        ),
      ).toEqual(['attachments.1', 'attachments.2', 'attachments.3', 'attachments.4']);

      // A bad id fails the whole claim, and the transaction leaves the good one unclaimed.
      await expect(
        app().db.transaction((tx) => claimAttachments(tx, client.account.user.id, [a.id, foreign.id], target)),
      ).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'attachments.1' }] });
      expect(await attachmentsOf(app().db, 'service-request', requestId)).toEqual([]);

      await app().db.transaction((tx) => claimAttachments(tx, client.account.user.id, [a.id, b.id], target));
      expect(await attachmentsOf(app().db, 'service-request', requestId)).toEqual([a, b]);
      // Attached once, never again.
      await expect(
        app().db.transaction((tx) => claimAttachments(tx, client.account.user.id, [b.id], target)),
      ).rejects.toMatchObject({ errors: [{ field: 'attachments.0' }] });
      expect((await validateAttachmentIds(app().db, client.account.user.id, [a.id])).map((e) => e.field)).toEqual([
        'attachments.0',
      ]);
      await app().db.transaction((tx) => claimAttachments(tx, client.account.user.id, [], target));
    });

    it('gives a file two requests race for to exactly one of them', async () => {
      const client = await signedInSession(app(), 'client');
      const contested = await upload(client, file('race.pdf', 'application/pdf', pdf()));
      const first = await openRequest(app(), client.account.user.id);
      const second = await openRequest(app(), client.account.user.id);
      const claim = (id: string) =>
        app().db.transaction((tx) =>
          claimAttachments(tx, client.account.user.id, [contested.id], { type: 'service-request', id }),
        );
      const results = await Promise.allSettled([claim(first), claim(second)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ statusCode: 400, errors: [{ field: 'attachments.0' }] });
      const holders = [
        ...(await attachmentsOf(app().db, 'service-request', first)),
        ...(await attachmentsOf(app().db, 'service-request', second)),
      ];
      expect(holders.map((h) => h.id)).toEqual([contested.id]);
    });
  });
});
