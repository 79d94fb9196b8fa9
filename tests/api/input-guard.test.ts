import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract/document';
import { INPUT_LIMITS, lineBreakRules, type LineBreakRules } from '../../src/server/contract/input-guard';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { buildTestApp, databaseKinds, expectErrorEnvelope, signedInSession, type TestApp } from './helpers';
import { multipart } from './upload-files';

const LONE_SURROGATE = '\ud800';
const DEPTH_MESSAGE = `must not be nested more than ${INPUT_LIMITS.depth} levels deep`;
const UNICODE_MESSAGE = 'must be well-formed text (it holds half of a character pair)';
const CONTROL_MESSAGE = 'must not contain control characters';

/** `[[[…]]]`, `depth` lists inside each other, as JSON text. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A valid body of the first request form with an example, as the web app posts it. */
function serviceRequestBody(): { family: unknown; subFamily: unknown; formId: string; answers: JsonSchema } {
  const form = [...requestForms().values()].find((candidate) =>
    readdirSync(join(FORMS_DIR, candidate.entry.path, 'examples')).some((file) => file.startsWith('valid-')),
  )!;
  const dir = join(FORMS_DIR, form.entry.path, 'examples');
  const file = readdirSync(dir).find((name) => name.startsWith('valid-'))!;
  const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonSchema;
  // Without attachments: they must be files the caller uploaded first.
  const { attachments: _attachments, ...submission } = submissionOf(form.entry.envelopeFields, data) as {
    answers: JsonSchema;
    attachments?: unknown;
  };
  return { family: form.entry.family, subFamily: form.entry.subFamily, formId: form.entry.id, ...submission };
}

function expectFieldError(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expectErrorEnvelope(body);
  expect(body.errors).toContainEqual({ field, message });
}

describe.each(databaseKinds)('the input guard (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
  });
  afterAll(() => testApp.close());

  const send = async (method: 'POST' | 'PUT', url: string, payload: string, accountType: 'client' | 'business') => {
    const session = await signedInSession(testApp.app, accountType);
    return testApp.app.inject({
      method,
      url,
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload,
    });
  };

  describe('deeply nested JSON is a 400 naming the field, however deep', () => {
    it.each([2_000, 8_000, 100_000])('answers %i lists deep', async (depth) => {
      const body = JSON.stringify({ ...serviceRequestBody(), answers: { deep: 0 } }).replace(
        '{"deep":0}',
        nested(depth),
      );
      const response = await send('POST', '/api/service/request/new/', body, 'client');
      expectFieldError(response, 'answers', DEPTH_MESSAGE);
    });

    it('a whole body 100,000 lists deep, to an operation with and without a body', async () => {
      expectFieldError(
        await send('POST', '/api/service/request/new/', nested(100_000), 'client'),
        'body',
        DEPTH_MESSAGE,
      );
      expectFieldError(
        await send('POST', '/api/auth/verify/account/resend/email/', nested(100_000), 'client'),
        'body',
        DEPTH_MESSAGE,
      );
    });

    it('a body of more values than the limit', async () => {
      const many = JSON.stringify({
        ...serviceRequestBody(),
        answers: { list: new Array(INPUT_LIMITS.nodes).fill(0) },
      });
      expectFieldError(
        await send('POST', '/api/service/request/new/', many, 'client'),
        'body',
        `must not hold more than ${INPUT_LIMITS.nodes} values`,
      );
    });
  });

  describe('a lone UTF-16 surrogate is a 400 naming the field, not a database error', () => {
    it('in the about text of a client (text column)', async () => {
      const about = `Brightline Logistics runs regional freight ${LONE_SURROGATE} for retailers.`;
      const body = JSON.stringify({
        about,
        industry: 'logistics-and-transportation',
        businessSize: '201-500',
        website: 'https://www.brightline-logistics.com',
      });
      expect(body).toContain('\\ud800');
      expectFieldError(
        await send('PUT', '/api/account/client/about/update/', body, 'client'),
        'about',
        UNICODE_MESSAGE,
      );
    });

    it('in the answers of a request (jsonb column)', async () => {
      const request = serviceRequestBody();
      const body = JSON.stringify({
        ...request,
        answers: { ...request.answers, description: `Half ${LONE_SURROGATE}` },
      });
      expectFieldError(
        await send('POST', '/api/service/request/new/', body, 'client'),
        'answers.description',
        UNICODE_MESSAGE,
      );
    });

    it('in the description of business details, and in a key', async () => {
      const body = JSON.stringify({ companyName: 'Northwind', description: `x${LONE_SURROGATE}`.repeat(60) });
      expectFieldError(
        await send('POST', '/api/account/business/details/set/', body, 'business'),
        'description',
        UNICODE_MESSAGE,
      );
      const key = JSON.stringify({ [`name${LONE_SURROGATE}`]: 'x' });
      expectFieldError(
        await send('POST', '/api/auth/verify/account/resend/email/', key, 'client'),
        'body',
        UNICODE_MESSAGE,
      );
    });
  });

  describe('line breaks only where the contract allows them', () => {
    it('a multiline about keeps its line breaks and tabs but refuses other controls', async () => {
      const body = (about: string) =>
        JSON.stringify({
          about,
          industry: 'logistics-and-transportation',
          businessSize: '201-500',
          website: 'https://www.brightline-logistics.com',
        });
      const kept = 'Brightline Logistics runs regional freight.\r\n\n\tWe hire for finance and data.';
      const ok = await send('PUT', '/api/account/client/about/update/', body(kept), 'client');
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as { data: { about: string } }).data.about).toContain('\r\n\n\tWe hire');
      expectFieldError(
        await send('PUT', '/api/account/client/about/update/', body(`${kept}\u001b[31m\u0085`), 'client'),
        'about',
        'must not contain control characters other than line breaks and tabs',
      );
    });

    it('a request form answer typed in a textarea keeps its line breaks', async () => {
      const request = serviceRequestBody();
      const description = `${String(request.answers.description ?? 'We need dashboards.')}\nSecond line.`;
      const response = await send(
        'POST',
        '/api/service/request/new/',
        JSON.stringify({ ...request, answers: { ...request.answers, description } }),
        'client',
      );
      expect(response.statusCode, response.body).toBe(201);
    });

    it('a single-line field refuses a line break', async () => {
      const request = serviceRequestBody();
      expectFieldError(
        await send('POST', '/api/service/request/new/', JSON.stringify({ ...request, title: 'One\nTwo' }), 'client'),
        'title',
        CONTROL_MESSAGE,
      );
    });
  });

  describe('NUL and other controls in query strings and paths', () => {
    it('a tool search does not echo NUL back', async () => {
      expectFieldError(await testApp.app.inject({ url: '/api/service/search/tools/ab%00' }), 'path.q', CONTROL_MESSAGE);
    });

    it('the public job board does not answer every job for a NUL query', async () => {
      expectFieldError(
        await testApp.app.inject({ url: '/api/service/public/requests/%00%00%00' }),
        'path.query',
        CONTROL_MESSAGE,
      );
    });

    it('a query parameter, repeated or not', async () => {
      expectFieldError(
        await testApp.app.inject({ url: '/api/account/public/freelancer/all/?q=a%00' }),
        'query.q',
        CONTROL_MESSAGE,
      );
      expectFieldError(
        await testApp.app.inject({ url: '/api/account/public/freelancer/all/?q=a&q=%1B' }),
        'query.q.1',
        CONTROL_MESSAGE,
      );
      expectFieldError(
        await testApp.app.inject({ url: '/api/account/public/freelancer/all/?q=next%C2%85line' }),
        'query.q',
        CONTROL_MESSAGE,
      );
    });
  });

  describe('controls in the header parameters an operation declares', () => {
    const webhook = (signature: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: {
          id: 'evt_1',
          object: 'event',
          type: 'invoice.paid',
          created: 1,
          livemode: false,
          data: { object: {} },
        },
      });

    it('a C1 control (a raw 0x85 byte read as Latin-1) in the webhook signature', async () => {
      expectFieldError(await webhook('t=1773342129,v1=5257\u0085a869e7'), 'header.stripe-signature', CONTROL_MESSAGE);
    });

    it('a tab or an escape in it', async () => {
      expectFieldError(await webhook('t=1773342129,\tv1=5257a869e7'), 'header.stripe-signature', CONTROL_MESSAGE);
      expectFieldError(
        await webhook('t=1773342129,v1=\u001b[31m5257a869e7'),
        'header.stripe-signature',
        CONTROL_MESSAGE,
      );
    });
  });

  it('a multipart profile update refuses a name with a header injection, as sign-up does', async () => {
    const session = await signedInSession(testApp.app, 'client');
    const body = multipart({ firstname: 'Bob\r\nBcc: x@y.z', lastname: 'Okafor' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/update/profile/',
      headers: { ...session.headers, ...body.headers },
      payload: body.payload,
    });
    expectFieldError(response, 'firstname', CONTROL_MESSAGE);
  });
});

interface IndexEntry {
  id: string;
  path: string;
  kind: string;
  operationId?: string;
  operationIds?: string[];
  envelopeFields?: string[];
}

/** Every `ui:widget: textarea` of a uiSchema, as the path of its field (`entries.items.description`). */
function textareaPaths(ui: unknown, path: string[] = []): string[][] {
  if (!ui || typeof ui !== 'object') return [];
  const own = (ui as Record<string, unknown>)['ui:widget'] === 'textarea' ? [path] : [];
  return [
    ...own,
    ...Object.entries(ui)
      .filter(([key]) => !key.startsWith('ui:'))
      .flatMap(([key, child]) => textareaPaths(child, [...path, key])),
  ];
}

/** Whether the rules let the field at `path` (`items` for a list's items) hold line breaks. */
function allowsLineBreaks(rules: LineBreakRules, path: string[]): boolean {
  let here: LineBreakRules | undefined = rules;
  for (const segment of path) {
    if (!here || here.all) break;
    here = segment === 'items' ? here.items : (here.fields.get(segment) ?? here.fields.get('*'));
  }
  return here?.all === true;
}

describe('every textarea of the forms is a field that takes line breaks', () => {
  const contract = loadContract();
  const entries = (JSON.parse(readFileSync(join(FORMS_DIR, 'index.json'), 'utf8')) as { forms: IndexEntry[] }).forms;
  const cases = entries.flatMap((entry) => {
    const ui: unknown = JSON.parse(readFileSync(join(FORMS_DIR, entry.path, 'ui.json'), 'utf8'));
    return textareaPaths(ui).flatMap((field) =>
      (entry.operationIds ?? [entry.operationId!]).map((operationId) => {
        // A request form's fields are its answers, but for the ones sent beside them.
        const inAnswers = entry.kind === 'service-request' && !(entry.envelopeFields ?? []).includes(field[0]!);
        return [
          `${entry.id} ${field.join('.')} (${operationId})`,
          operationId,
          inAnswers ? ['answers', ...field] : field,
        ];
      }),
    );
  }) as [string, string, string[]][];
  // The web app's own <textarea>s, outside forms/: the review pages and the project request form.
  const webTextareas: [operationId: string, field: string][] = [
    ['submitReview', 'text'],
    ['submitReview', 'projectSummary'],
    ['askForReview', 'message'],
    ['submitWebsiteRequest', 'message'],
  ];
  for (const [operationId, field] of webTextareas) cases.push([`web ${field} (${operationId})`, operationId, [field]]);

  it('finds the textareas', () => expect(cases.length).toBeGreaterThanOrEqual(20));

  it.each(cases)('%s', (_name, operationId, field) => {
    const operation = contract.operations.find((candidate) => candidate.operationId === operationId)!;
    const schemas = Object.values(operation.requestBody?.content ?? {});
    expect(schemas.length).toBeGreaterThan(0);
    for (const schema of schemas) expect(allowsLineBreaks(lineBreakRules(schema), field)).toBe(true);
  });
});
