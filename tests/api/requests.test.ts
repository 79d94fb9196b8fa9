import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { serviceRequests } from '../../src/server/db/schema';
import { FORMS_DIR, requestForms, type RequestForm } from '../../src/server/forms/load';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';

const NEW = '/api/service/request/new/';
const forms = requestForms();

interface Example {
  form: RequestForm;
  file: string;
  body: Record<string, unknown>;
}

/** Every valid example of every form, as the contract's body: envelope fields beside `answers`. */
const examples: Example[] = [...forms.values()].flatMap((form) => {
  const dir = join(FORMS_DIR, form.entry.path, 'examples');
  return readdirSync(dir)
    .filter((file) => file.startsWith('valid-'))
    .map((file) => {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonSchema;
      const body = submissionOf(form.entry.envelopeFields, data);
      return {
        form,
        file,
        body: { family: form.entry.family, subFamily: form.entry.subFamily, formId: form.entry.id, ...body },
      };
    });
});

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const valueAt = (data: unknown, path: string[]) =>
  path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as JsonSchema)[key] : undefined), data);
function setAt(data: JsonSchema, path: string[], value: unknown) {
  const parent = path.slice(0, -1).reduce<JsonSchema>((at, key) => at[key] as JsonSchema, data);
  parent[path.at(-1)!] = value;
}

describe.each(databaseKinds)('service requests (%s)', (kind) => {
  let testApp: TestApp;
  let client: Awaited<ReturnType<typeof signedInSession>>;
  /** Every catalogue list a form names, read through the public lookup calls. */
  const lists = new Map<string, (string | number)[]>();

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    client = await signedInSession(testApp.app, 'client');
    for (const form of forms.values()) {
      for (const field of form.catalogueFields) {
        if (lists.has(field.list)) continue;
        const prefix = ['country', 'language'].includes(field.list) ? '/api/account' : '/api/service';
        const response = await testApp.app.inject({ url: `${prefix}/${field.list}/all/` });
        expect(response.statusCode, field.list).toBe(200);
        const rows = (response.json() as { data: { id?: number; slug?: string; code?: string }[] }).data;
        lists.set(
          field.list,
          rows.map((row) => (field.list === 'tool' ? row.id! : (row.code ?? row.slug!))),
        );
      }
    }
  });
  afterAll(() => testApp.close());

  const post = (session: SignedSession | null, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: NEW,
      headers: { ...session?.headers, ...headers },
      payload: payload as object,
    });
  const get = (session: SignedSession | null, url: string) =>
    testApp.app.inject({ url, headers: session ? { cookie: session.cookie } : {} });
  const latestTotal = async (session: SignedSession) =>
    ((await get(session, '/api/service/client/request/latest/')).json() as { data: { total: number } }).data.total;

  /**
   * The catalogue answers of an example that the catalogue does not hold, and a copy of the body
   * with each replaced by a value the catalogue does hold.
   */
  function againstCatalogue(example: Example) {
    const body = clone(example.body) as { answers: JsonSchema };
    const unknown: string[] = [];
    for (const field of example.form.catalogueFields) {
      const known = lists.get(field.list)!;
      const value = valueAt(body.answers, field.path);
      if (value === undefined || value === null) continue;
      if (field.multiple && Array.isArray(value)) {
        const used = new Set<unknown>(value);
        const fixed = value.map((item, index) => {
          if (known.includes(item as string)) return item;
          unknown.push(`answers.${[...field.path, index].join('.')}`);
          const replacement = known.find((candidate) => !used.has(candidate));
          used.add(replacement);
          return replacement;
        });
        setAt(body.answers, field.path, fixed);
      } else if (!known.includes(value as string)) {
        unknown.push(`answers.${field.path.join('.')}`);
        setAt(body.answers, field.path, known[0]);
      }
    }
    return { body, unknown };
  }

  function expectFieldErrors(response: LightMyRequestResponse, fields: string[]) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expectErrorEnvelope(body);
    expectContractResponse('createServiceRequest', response, 400);
    expect(body.code).toBe('validation_failed');
    expect(body.errors!.map((error) => error.field).sort()).toEqual([...fields].sort());
  }

  it('has a valid example for every form posted through createServiceRequest', () => {
    expect(forms.size).toBeGreaterThanOrEqual(12);
    for (const form of forms.values())
      expect(
        examples.some((example) => example.form === form),
        form.entry.id,
      ).toBe(true);
  });

  it.each(examples.map((example) => [`${example.form.entry.id} ${example.file}`, example] as const))(
    'posts %s and reads it back',
    async (_name, example) => {
      const { attachments, ...withoutFiles } = example.body;
      const { body, unknown } = againstCatalogue({ ...example, body: withoutFiles });
      // The examples in forms/ must name only options the catalogue has.
      expect(unknown, 'options the catalogue lacks').toEqual([]);
      if (Array.isArray(attachments) && attachments.length > 0) {
        // No upload can belong to the caller until uploads are stored.
        expectFieldErrors(
          await post(client, { ...body, attachments }),
          attachments.map((_, i) => `attachments.${i}`),
        );
      }

      const created = expectContractResponse('createServiceRequest', await post(client, body), 201) as {
        data: Record<string, unknown> & { id: string; refId: string };
      };
      const data = created.data;
      expect(data.refId).toMatch(/^VR-[2-9A-HJKMNP-Z]{8}$/);
      expect(data).toMatchObject({
        formId: example.form.entry.id,
        title: (body as unknown as { title: string }).title.trim(),
        answers: body.answers,
        status: 'open',
        proposalCount: 0,
        unreadMessageCount: 0,
        family: { slug: example.form.entry.family },
        client: { id: client.account.user.id, accountType: 'client' },
      });
      expect(data.subFamily === null ? null : (data.subFamily as { slug: string }).slug).toBe(
        example.form.entry.subFamily,
      );
      const read = expectContractResponse(
        'getServiceRequest',
        await get(client, `/api/service/request/${data.id}/`),
        200,
      );
      expect((read as { data: unknown }).data).toEqual(data);
      const title = expectContractResponse(
        'getServiceRequestTitle',
        await get(client, `/api/service/request/${data.id}/title/`),
        200,
      );
      expect((title as { data: unknown }).data).toEqual({ id: data.id, refId: data.refId, title: data.title });
    },
  );

  it('derives the budget, options and tools from the answers', async () => {
    const example = examples.find((e) => e.form.entry.id === 'requests/data-and-analytics-business')!;
    const { attachments: _files, ...body } = againstCatalogue(example).body as JsonSchema;
    const answers = body.answers as JsonSchema;
    answers.budget = { type: 'hourly', min: 40, max: 90, currency: 'EUR' };
    const tools = lists.get('tool')!.slice(0, 2) as number[];
    answers.tools = tools;
    const response = await post(client, body);
    const data = (expectContractResponse('createServiceRequest', response, 201) as { data: JsonSchema }).data;
    expect(data.budget).toEqual({ type: 'hourly', min: 40, max: 90, currency: 'EUR' });
    expect((data.tools as { id: number }[]).map((tool) => tool.id)).toEqual(tools);
    expect(data.projectDuration).toMatchObject({ slug: answers.projectDuration });
    expect(data.hiringDecision).toMatchObject({ slug: answers.hiringDecision });
    expect(data.subFamily).toEqual({ slug: 'business', name: 'Business Analytics' });
    expect(data.family).toEqual({ slug: 'data-and-analytics', name: 'Data and Analytics' });
    expect(data.summary).toMatch(/^Business Analytics with .+\. Hourly budget of €40 to €90/);
    expect(data.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(Date.parse(data.closesAt as string) - Date.parse(data.createdAt as string)).toBe(30 * 24 * 3600 * 1000);
  });

  describe('refuses bad bodies, naming the field, and writes nothing', () => {
    let base: JsonSchema;
    let poster: SignedSession;
    beforeAll(async () => {
      const example = examples.find((e) => e.form.entry.id === 'requests/data-and-analytics-business')!;
      const { attachments: _files, ...body } = againstCatalogue(example).body as JsonSchema;
      base = body;
      poster = await signedInSession(testApp.app, 'client');
    });
    const withAnswers = (changes: JsonSchema) => ({
      ...base,
      answers: { ...(base.answers as JsonSchema), ...changes },
    });

    const cases: [string, () => JsonSchema, string[]][] = [
      ['an unknown form', () => ({ ...base, formId: 'requests/no-such-form' }), ['formId']],
      ['a form of another family', () => ({ ...base, family: 'mobile-app', subFamily: null }), ['formId']],
      ['a form of another sub-family', () => ({ ...base, subFamily: 'personal' }), ['formId']],
      ['an unknown family', () => ({ ...base, family: 'astrology' }), ['family']],
      ['a field not in the envelope', () => ({ ...base, priority: 'high' }), ['priority']],
      ['a field not in the schema', () => withAnswers({ favouriteColour: 'teal' }), ['answers.favouriteColour']],
      ['a required field missing', () => withAnswers({ businessSize: undefined }), ['answers.businessSize']],
      ['a value outside an option list', () => withAnswers({ industry: 'alchemy' }), ['answers.industry']],
      [
        'an item outside an option list',
        () => withAnswers({ dataSources: ['erp', 'carrier-pigeon'] }),
        ['answers.dataSources.1'],
      ],
      ['an unknown tool id', () => withAnswers({ tools: [2147483647] }), ['answers.tools.0']],
      [
        'an unknown currency',
        () => withAnswers({ budget: { type: 'fixed', min: 1, max: 2, currency: 'XQQ' } }),
        ['answers.budget.currency'],
      ],
      ['a value outside a fixed choice', () => withAnswers({ dataRefresh: 'hourly' }), ['answers.dataRefresh']],
      ['oversized text', () => withAnswers({ description: 'x'.repeat(5001) }), ['answers.description']],
      ['an oversized title', () => ({ ...base, title: 't'.repeat(121) }), ['title']],
      ['a title of spaces', () => ({ ...base, title: `  ab${' '.repeat(10)}` }), ['title']],
      ['a number as text', () => withAnswers({ dashboardUsers: 'many' }), ['answers.dashboardUsers']],
      [
        'a text amount',
        () => withAnswers({ budget: { type: 'fixed', min: 'ten', max: 20, currency: 'USD' } }),
        ['answers.budget.min'],
      ],
      [
        'a minimum above the maximum',
        () => withAnswers({ budget: { type: 'fixed', min: 900, max: 20, currency: 'USD' } }),
        ['answers.budget.min'],
      ],
      ['a list as a string', () => withAnswers({ analysisType: 'dashboards' }), ['answers.analysisType']],
      ['answers as a list', () => ({ ...base, answers: [] }), ['answers']],
      [
        'an attachment that is not an upload',
        () => ({ ...base, attachments: ['0f4c8e21-6a3b-4d5e-8f71-2c9a4b6d1e03'] }),
        ['attachments.0'],
      ],
    ];

    it.each(cases)('%s', async (_name, body, fields) => {
      expectFieldErrors(await post(poster, JSON.parse(JSON.stringify(body())) as JsonSchema), fields);
      expect(await latestTotal(poster)).toBe(0);
    });
  });

  it('lets only clients post: 401 for a visitor, 403 for a freelancer and a business', async () => {
    const body = againstCatalogue(examples[0]!).body as JsonSchema;
    delete body.attachments;
    const visitor = await post(await signedSession(testApp.app), body);
    expect(visitor.statusCode).toBe(401);
    expectContractResponse('createServiceRequest', visitor);
    for (const type of ['freelancer', 'business'] as const) {
      const response = await post(await signedInSession(testApp.app, type), body);
      expect(response.statusCode).toBe(403);
      expectContractResponse('createServiceRequest', response);
    }
  });

  it("never shows a client's request to another client; providers see only a public title", async () => {
    const owner = await signedInSession(testApp.app, 'client');
    const body = againstCatalogue(examples[0]!).body as JsonSchema;
    delete body.attachments;
    const { data } = (await post(owner, body)).json() as { data: { id: string; refId: string; title: string } };
    const other = await signedInSession(testApp.app, 'client');
    const unknownId = '7f9c2a54-3b1e-4d8a-9c6f-2e5b8a1d4c33';
    for (const url of [`/api/service/request/${data.id}/`, `/api/service/request/${unknownId}/`]) {
      const response = await get(other, url);
      expectContractResponse('getServiceRequest', response, 404);
    }
    for (const url of [`/api/service/request/${data.id}/title/`, `/api/service/request/${unknownId}/title/`]) {
      const response = await get(other, url);
      expectContractResponse('getServiceRequestTitle', response, 404);
    }
    // The same 404 body for someone else's request and for none: nothing tells them apart.
    expect((await get(other, `/api/service/request/${data.id}/`)).body).toBe(
      (await get(other, `/api/service/request/${unknownId}/`)).body,
    );
    for (const type of ['freelancer', 'business'] as const) {
      const provider = await signedInSession(testApp.app, type);
      expectContractResponse('getServiceRequest', await get(provider, `/api/service/request/${data.id}/`), 403);
      const title = await get(provider, `/api/service/request/${data.id}/title/`);
      expect((expectContractResponse('getServiceRequestTitle', title, 200) as { data: unknown }).data).toEqual(
        data && {
          id: data.id,
          refId: data.refId,
          title: data.title,
        },
      );
    }
    expectContractResponse('getServiceRequest', await get(null, `/api/service/request/${data.id}/`), 401);
    expectContractResponse('getServiceRequestTitle', await get(null, `/api/service/request/${data.id}/title/`), 401);
    expectContractResponse('getServiceRequest', await get(owner, '/api/service/request/not-a-uuid/'), 400);
  });

  it("lists the caller's own requests, newest first, paged, with the total", async () => {
    const mine = await signedInSession(testApp.app, 'client');
    const theirs = await signedInSession(testApp.app, 'client');
    const body = againstCatalogue(examples[0]!).body as JsonSchema;
    delete body.attachments;
    const ids: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const response = await post(mine, { ...body, title: `Request number ${i} for the list` });
      ids.push((response.json() as { data: { id: string } }).data.id);
    }
    await post(theirs, body);
    const newestFirst = [...ids].reverse();

    const page1 = expectContractResponse(
      'listClientServiceRequests',
      await get(mine, '/api/service/client/request/all/?pageSize=3'),
      200,
    ) as { data: { items: { id: string; proposalCount: number }[]; pagination: unknown } };
    expect(page1.data.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 3));
    expect(page1.data.pagination).toEqual({ page: 1, pageSize: 3, total: 7, totalPages: 3 });
    expect(page1.data.items.every((item) => item.proposalCount === 0)).toBe(true);
    const page3 = (await get(mine, '/api/service/client/request/all/?pageSize=3&page=3')).json() as {
      data: { items: { id: string }[] };
    };
    expect(page3.data.items.map((item) => item.id)).toEqual(newestFirst.slice(6));
    const all = (await get(mine, '/api/service/client/request/all/')).json() as { data: { items: { id: string }[] } };
    expect(all.data.items.map((item) => item.id)).toEqual(newestFirst);
    const closed = expectContractResponse(
      'listClientServiceRequests',
      await get(mine, '/api/service/client/request/all/?status=closed'),
      200,
    ) as { data: { items: unknown[]; pagination: { total: number } } };
    expect(closed.data.items).toEqual([]);
    expect(closed.data.pagination.total).toBe(0);
    expectContractResponse(
      'listClientServiceRequests',
      await get(mine, '/api/service/client/request/all/?status=lost'),
      400,
    );

    const latest = expectContractResponse(
      'listLatestClientServiceRequests',
      await get(mine, '/api/service/client/request/latest/'),
      200,
    ) as { data: { items: { id: string }[]; total: number } };
    expect(latest.data.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 5));
    expect(latest.data.total).toBe(7);
    expect(await latestTotal(theirs)).toBe(1);
    for (const type of ['freelancer', 'business'] as const) {
      const provider = await signedInSession(testApp.app, type);
      expectContractResponse('listClientServiceRequests', await get(provider, '/api/service/client/request/all/'), 403);
      expectContractResponse(
        'listLatestClientServiceRequests',
        await get(provider, '/api/service/client/request/latest/'),
        403,
      );
    }
  });

  it('posts once per Idempotency-Key, also when two submits race, and refuses the key for another body', async () => {
    const session = await signedInSession(testApp.app, 'client');
    const body = againstCatalogue(examples[0]!).body as JsonSchema;
    delete body.attachments;
    const key = 'submit-5c0b1e7a-2f4d-4c61';
    const first = await post(session, body, { 'idempotency-key': key });
    const again = await post(session, body, { 'idempotency-key': key });
    expectContractResponse('createServiceRequest', first, 201);
    expectContractResponse('createServiceRequest', again, 201);
    expect(again.json().data).toEqual(first.json().data);
    expect(await latestTotal(session)).toBe(1);

    const changed = await post(
      session,
      { ...body, title: 'A different request altogether' },
      { 'idempotency-key': key },
    );
    expectContractResponse('createServiceRequest', changed, 409);
    expect(await latestTotal(session)).toBe(1);

    const raced = await Promise.all([1, 2, 3].map(() => post(session, body, { 'idempotency-key': 'race-key-0001' })));
    expect(raced.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(raced.map((response) => response.json().data.id)).size).toBe(1);
    expect(await latestTotal(session)).toBe(2);

    // After 24 hours the key lapses: the same submit posts anew.
    await testApp.app.db
      .update(serviceRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(serviceRequests.id, first.json().data.id));
    const later = await post(session, body, { 'idempotency-key': key });
    expectContractResponse('createServiceRequest', later, 201);
    expect(later.json().data.id).not.toBe(first.json().data.id);
    expect(await latestTotal(session)).toBe(3);

    // Keys are the client's own: another client's same key posts its own request.
    const other = await signedInSession(testApp.app, 'client');
    const theirs = await post(other, body, { 'idempotency-key': key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
    expectContractResponse('createServiceRequest', await post(session, body, { 'idempotency-key': 'bad key!' }), 400);
  });
});
