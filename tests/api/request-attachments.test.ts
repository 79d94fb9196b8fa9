import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { serviceRequests, uploads } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import { multipart, pdf } from './upload-files';

type Schemas = components['schemas'];
type Attachment = Schemas['Attachment'];

const MOBILE = requestForms().get('requests/mobile-app')!;

/** The mobile app form's example as the create body, with the given files and title. */
function body(title: string, attachments: string[]) {
  const data = JSON.parse(
    readFileSync(join(FORMS_DIR, MOBILE.entry.path, 'examples', 'valid-complete.json'), 'utf8'),
  ) as JsonSchema;
  const submission = submissionOf(MOBILE.entry.envelopeFields, data) as Record<string, unknown>;
  return { family: 'mobile-app', subFamily: null, formId: MOBILE.entry.id, ...submission, title, attachments };
}

describe.each(databaseKinds)('request attachments (%s)', (kind) => {
  let testApp: TestApp;
  let client: SignedSession;
  let otherClient: SignedSession;
  let freelancer: SignedSession;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    client = await signedInSession(testApp.app, 'client');
    otherClient = await signedInSession(testApp.app, 'client');
    freelancer = await signedInSession(testApp.app, 'freelancer');
  });
  afterAll(() => testApp.close());

  async function upload(session: SignedSession, name = 'brief.pdf'): Promise<Attachment> {
    const form = multipart({}, [{ field: 'file', name, type: 'application/pdf', bytes: pdf() }]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/uploads/attachments/',
      payload: form.payload,
      headers: { ...form.headers, ...session.headers },
    });
    return (expectContractResponse('uploadAttachment', response, 201) as { data: Attachment }).data;
  }
  const post = (session: SignedSession, payload: object) =>
    testApp.app.inject({ method: 'POST', url: '/api/service/request/new/', headers: session.headers, payload });
  const get = (session: SignedSession | null, url: string) =>
    testApp.app.inject({ url, headers: session ? { cookie: session.cookie } : {} });

  it('attaches the client’s own files to the request and shows them to the client and providers only', async () => {
    const file = await upload(client, 'wireframes.pdf');
    const created = await post(client, body('Class booking app with wireframes attached', [file.id]));
    expect(created.statusCode, created.body).toBe(201);
    const request = (expectContractResponse('createServiceRequest', created) as { data: Schemas['ServiceRequest'] })
      .data;
    expect(request.attachments).toEqual([expect.objectContaining({ id: file.id, name: 'wireframes.pdf' })]);

    const own = (await get(client, `/api/service/request/${request.id}/`)).json() as {
      data: Schemas['ServiceRequest'];
    };
    expect(own.data.attachments.map((a) => a.id)).toEqual([file.id]);

    const detailUrl = `/api/service/public/request/${request.refId}/${request.slug}`;
    expect((await get(null, detailUrl)).json().data.attachments).toEqual([]);
    const asProvider = await get(freelancer, detailUrl);
    expectContractResponse('getPublicServiceRequest', asProvider, 200);
    expect((asProvider.json() as { data: { attachments: Attachment[] } }).data.attachments.map((a) => a.id)).toEqual([
      file.id,
    ]);
    // The provider may download it while the request is public.
    expect((await get(freelancer, file.url)).statusCode).toBe(200);
  });

  it('refuses another client’s file and a file already used, posting nothing', async () => {
    const foreign = await upload(otherClient);
    const refused = await post(client, body('Booking app with a file that is not mine', [foreign.id]));
    expect(refused.statusCode).toBe(400);
    const envelope = refused.json();
    expectErrorEnvelope(envelope);
    expect(envelope.errors).toEqual([expect.objectContaining({ field: 'attachments.0' })]);

    const mine = await upload(client);
    expect((await post(client, body('First request with the brief', [mine.id]))).statusCode).toBe(201);
    const again = await post(client, body('Second request with the same brief', [mine.id]));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([expect.objectContaining({ field: 'attachments.0' })]);
    const titles = (await testApp.app.db.select({ title: serviceRequests.title }).from(serviceRequests)).map(
      (row) => row.title,
    );
    expect(titles).not.toContain('Second request with the same brief');
    expect(titles).not.toContain('Booking app with a file that is not mine');
  });

  it('gives a file raced by two requests to exactly one of them', async () => {
    const file = await upload(client);
    const [first, second] = await Promise.all([
      post(client, body('Racing request one', [file.id])),
      post(client, body('Racing request two', [file.id])),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const [row] = await testApp.app.db.select().from(uploads).where(eq(uploads.id, file.id));
    const winner = (first.statusCode === 201 ? first : second).json().data.id as string;
    expect(row).toMatchObject({ attachedToType: 'service-request', attachedToId: winner });
    const loserTitle = first.statusCode === 201 ? 'Racing request two' : 'Racing request one';
    const rows = await testApp.app.db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(eq(serviceRequests.title, loserTitle));
    expect(rows).toEqual([]);
  });
});
