import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads, websiteRequests } from '../../src/server/db/schema';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  emailTo,
  expectErrorEnvelope,
  randomAddress,
  signedInSession,
  signedSession,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';
import { multipart, pdf, png, storedFiles, type FilePart } from './upload-files';

const SUBMIT = '/api/website/request/submit/';

interface Receipt {
  id: string;
  refId: string;
  status: string;
  serviceSlug: string;
  attachments: { id: string; name: string; url: string; size: number; contentType: string }[];
  createdAt: string;
  expectedReplyBy: string;
}

describe.each(databaseKinds)('website project requests, W01 (%s)', (kind) => {
  let testApp: TestApp;
  let budget: string;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    const brackets = (await app().inject({ url: '/api/service/estimated-budget/all/' })).json() as {
      data: { slug: string }[];
    };
    budget = brackets.data[1]!.slug;
  });
  afterAll(() => testApp.close());
  afterEach(() => vi.restoreAllMocks());

  const fields = (overrides: Record<string, string | undefined> = {}) => {
    const base: Record<string, string | undefined> = {
      name: 'Elena Marquez',
      email: uniqueEmail('elena'),
      company: 'Solstice Outdoor Co.',
      phone: '+13035550187',
      serviceSlug: 'data-and-analytics/business',
      budget,
      message: 'We sell outdoor gear on Shopify and want weekly sales and margin dashboards in Power BI.',
      ...overrides,
    };
    return Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined)) as Record<string, string>;
  };
  const attachment = (name: string, type: string, bytes: Buffer): FilePart => ({
    field: 'attachments',
    name,
    type,
    bytes,
  });
  const submit = async (
    form: Record<string, string>,
    files: FilePart[] = [],
    options: { session?: SignedSession; ip?: string } = {},
  ) => {
    const session = options.session ?? (await signedSession(app()));
    const body = multipart(form, files);
    return app().inject({
      method: 'POST',
      url: SUBMIT,
      payload: body.payload,
      headers: { ...body.headers, ...session.headers },
      remoteAddress: options.ip ?? randomAddress(),
    });
  };
  const counts = async () => ({
    requests: (await app().db.select({ id: websiteRequests.id }).from(websiteRequests)).length,
    uploads: (await app().db.select({ id: uploads.id }).from(uploads)).length,
    files: storedFiles(testApp),
  });

  it('stores a visitor’s request with its files, answers the receipt and emails the reference', async () => {
    const form = fields();
    const response = await submit(form, [
      attachment('../brief.pdf', 'application/pdf', pdf()),
      attachment('mock-up.png', 'application/octet-stream', png()),
    ]);
    const receipt = (expectContractResponse('submitWebsiteRequest', response, 201) as { data: Receipt }).data;
    expect(receipt.refId).toMatch(/^WR-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(receipt).toMatchObject({ status: 'received', serviceSlug: 'data-and-analytics/business' });
    expect(receipt.attachments.map((a) => [a.name, a.contentType])).toEqual([
      ['brief.pdf', 'application/pdf'],
      ['mock-up.png', 'image/webp'],
    ]);
    expect(new Date(receipt.expectedReplyBy).getTime()).toBeGreaterThan(new Date(receipt.createdAt).getTime());

    const [row] = await app().db.select().from(websiteRequests).where(eq(websiteRequests.id, receipt.id));
    expect(row).toMatchObject({
      refId: receipt.refId,
      userId: null,
      name: 'Elena Marquez',
      email: form.email,
      company: 'Solstice Outdoor Co.',
      phone: '+13035550187',
      budget,
      status: 'received',
    });
    const files = await app().db.select().from(uploads).where(eq(uploads.attachedToId, receipt.id));
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatchObject({ ownerId: null, attachedToType: 'website-request' });
    expect(storedFiles(testApp)).toEqual(expect.arrayContaining(files.map((f) => f.storageKey)));

    const email = await emailTo(testApp, form.email!);
    expect(email.subject).toContain(receipt.refId);
    expect(email.text).toContain(receipt.refId);
    expect(email.text).toContain('the 2 files');
    expect(email.text).not.toContain('Power BI');
  });

  it('links a signed-in sender’s request and files to the account; only they may download them', async () => {
    const client = await signedInSession(app(), 'client');
    const response = await submit(
      fields({ budget: undefined, company: undefined, phone: undefined }),
      [attachment('scope.pdf', 'application/pdf', pdf())],
      { session: client },
    );
    const receipt = (expectContractResponse('submitWebsiteRequest', response, 201) as { data: Receipt }).data;
    const [row] = await app().db.select().from(websiteRequests).where(eq(websiteRequests.id, receipt.id));
    expect(row).toMatchObject({ userId: client.account.user.id, budget: null, company: null, phone: null });

    const url = receipt.attachments[0]!.url;
    expect((await app().inject({ url, headers: { cookie: client.cookie } })).statusCode).toBe(200);
    for (const type of ['client', 'freelancer', 'business'] as const) {
      const stranger = await signedInSession(app(), type);
      expect((await app().inject({ url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    }
  });

  it('accepts a family without a sub-family, and no attachments', async () => {
    const response = await submit(fields({ serviceSlug: 'mobile-app' }));
    const receipt = (expectContractResponse('submitWebsiteRequest', response, 201) as { data: Receipt }).data;
    expect(receipt.attachments).toEqual([]);
  });

  it('names each bad field in the envelope and keeps nothing', async () => {
    const before = await counts();
    const cases: [label: string, form: Record<string, string>, files: FilePart[], field: string][] = [
      ['no name', fields({ name: undefined }), [], 'name'],
      ['blank name', fields({ name: '   ' }), [], 'name'],
      ['bad email', fields({ email: 'not-an-email' }), [], 'email'],
      ['bad phone', fields({ phone: '555 0187' }), [], 'phone'],
      ['unknown family', fields({ serviceSlug: 'gardening' }), [], 'serviceSlug'],
      ['unknown sub-family', fields({ serviceSlug: 'data-and-analytics/astrology' }), [], 'serviceSlug'],
      ['malformed service', fields({ serviceSlug: '../etc' }), [], 'serviceSlug'],
      ['unknown budget', fields({ budget: 'a-billion' }), [], 'budget'],
      ['short message', fields({ message: 'Too short' }), [], 'message'],
      ['extra field', { ...fields(), admin: 'true' }, [], 'admin'],
      [
        'a file of the wrong type',
        fields(),
        [
          attachment('brief.pdf', 'application/pdf', pdf()),
          attachment('run.pdf', 'application/pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')),
        ],
        'attachments.1',
      ],
      ['an empty file', fields(), [attachment('empty.pdf', 'application/pdf', Buffer.alloc(0))], 'attachments.0'],
      [
        'six files',
        fields(),
        Array.from({ length: 6 }, (_, i) => attachment(`f${i}.pdf`, 'application/pdf', pdf())),
        'attachments',
      ],
      [
        'a text field as a file',
        fields({ name: undefined }),
        [{ ...attachment('x.txt', 'text/plain', Buffer.from('Elena')), field: 'name' }],
        'name',
      ],
    ];
    for (const [label, form, files, field] of cases) {
      const response = await submit(form, files);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      const body = expectContractResponse('submitWebsiteRequest', response, 400) as { errors?: { field: string }[] };
      expectErrorEnvelope(body);
      expect(
        body.errors?.map((e) => e.field),
        label,
      ).toContain(field);
    }
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await submit(fields(), [attachment('huge.pdf', 'application/pdf', big)]);
    expectContractResponse('submitWebsiteRequest', tooLarge, 413);
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when storing the second file fails: the first one is removed again', async () => {
    const before = await counts();
    const put = app().storage.put.bind(app().storage);
    let calls = 0;
    vi.spyOn(app().storage, 'put').mockImplementation(async (key, content, type) => {
      calls += 1;
      if (calls === 2) throw new Error('bucket unavailable');
      return put(key, content, type);
    });
    const response = await submit(fields(), [
      attachment('a.pdf', 'application/pdf', pdf()),
      attachment('b.pdf', 'application/pdf', pdf()),
    ]);
    expect(response.statusCode).toBe(500);
    expectErrorEnvelope(response.json());
    expect(calls).toBe(2);
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when a file row cannot be written: the request row rolls back and the files go', async () => {
    const before = await counts();
    await app().db.execute(sql`ALTER TABLE uploads ADD CONSTRAINT uploads_test_refuse CHECK (size < 0) NOT VALID`);
    try {
      const response = await submit(fields(), [
        attachment('a.pdf', 'application/pdf', pdf()),
        attachment('b.png', 'image/png', png()),
      ]);
      expect(response.statusCode).toBe(500);
    } finally {
      await app().db.execute(sql`ALTER TABLE uploads DROP CONSTRAINT uploads_test_refuse`);
    }
    expect(await counts()).toEqual(before);
  });

  it('allows 5 requests an hour per IP and per email, then 429', async () => {
    // TEST-NET-3, outside randomAddress()'s range, so no other test's request counts here.
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await submit(fields(), [], { ip })).statusCode).toBe(201);
    const before = await counts();
    const perIp = await submit(fields(), [attachment('a.pdf', 'application/pdf', pdf())], { ip });
    expectContractResponse('submitWebsiteRequest', perIp, 429);
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);

    const email = uniqueEmail('busy');
    for (let i = 0; i < 5; i++) expect((await submit(fields({ email }))).statusCode).toBe(201);
    const perEmail = await submit(fields({ email: email.toUpperCase() }));
    expectContractResponse('submitWebsiteRequest', perEmail, 429);
  });

  it('needs the CSRF token', async () => {
    const visitor = await signedSession(app());
    const body = multipart(fields());
    const response = await app().inject({
      method: 'POST',
      url: SUBMIT,
      payload: body.payload,
      headers: { ...body.headers, cookie: visitor.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_failed');
  });
});
