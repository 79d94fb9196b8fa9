import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRequests } from '../../src/server/db/schema';
import { FORMS_DIR } from '../../src/server/forms/load';
import { oneBusinessDayAfter, startDateRange } from '../../src/server/reply-time';
import {
  newProductRefId,
  productForms,
  productRequestService,
  type ProductRequestType,
} from '../../src/server/modules/products/service';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  emailTo,
  expectErrorEnvelope,
  signedInSession,
  signedSession,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';

type Body = Record<string, unknown> & { contact: Record<string, unknown>; company: Record<string, unknown> };

const ROUTES: Record<ProductRequestType, { url: string; operationId: string }> = {
  netsuite: { url: '/api/products/request/new/', operationId: 'createNetsuiteProductRequest' },
  'react-hire': { url: '/api/products/react/hire/', operationId: 'createReactHireRequest' },
};
const TYPES = Object.keys(ROUTES) as ProductRequestType[];

/** A Wednesday; the React example's start date (2027-03-01) is within the year after it. */
const NOW = new Date('2026-11-25T10:00:00.000Z');

const forms = productForms();
const examplesOf = (type: ProductRequestType, prefix: 'valid-' | 'invalid-') => {
  const dir = join(FORMS_DIR, forms.get(type)!.entry.path, 'examples');
  return readdirSync(dir)
    .filter((file) => file.startsWith(prefix))
    .map((file) => ({ type, file, body: JSON.parse(readFileSync(join(dir, file), 'utf8')) as Body }));
};
const validExamples = TYPES.flatMap((type) => examplesOf(type, 'valid-'));
const invalidExamples = TYPES.flatMap((type) => examplesOf(type, 'invalid-'));
const complete = (type: ProductRequestType) =>
  validExamples.find((e) => e.type === type && e.file === 'valid-complete.json')!;

/** The field each invalid example is refused on. */
const INVALID_FIELD: Record<string, string> = {
  'invalid-no-needs.json': 'needs',
  'invalid-phone-contact-without-phone.json': 'contact.phone',
  'invalid-unknown-module.json': 'modules.0',
  'invalid-part-time-without-hours.json': 'hoursPerWeek',
  'invalid-start-date-missing.json': 'startDate',
  'invalid-too-many-developers.json': 'numberOfDevelopers',
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A copy with its own contact address, so the per-email limit of one test does not reach another. */
function fresh(type: ProductRequestType, change: (body: Body) => void = () => undefined): Body {
  const body = clone(complete(type).body);
  body.contact.email = uniqueEmail('product');
  change(body);
  return body;
}

let lastAddress = 0;
/** A different documentation address per call, so the per-IP limit only counts where a test means it to. */
const nextAddress = () => {
  lastAddress += 1;
  return `203.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

describe('reply time and start dates', () => {
  it('is the next day, skipping Saturday and Sunday', () => {
    const at = (iso: string) => oneBusinessDayAfter(new Date(iso)).toISOString();
    expect(at('2026-11-23T09:15:00.000Z')).toBe('2026-11-24T09:15:00.000Z'); // Monday -> Tuesday
    expect(at('2026-11-26T17:00:00.000Z')).toBe('2026-11-27T17:00:00.000Z'); // Thursday -> Friday
    expect(at('2026-11-27T17:00:00.000Z')).toBe('2026-11-30T17:00:00.000Z'); // Friday -> Monday
    expect(at('2026-11-28T08:00:00.000Z')).toBe('2026-11-30T08:00:00.000Z'); // Saturday -> Monday
    expect(at('2026-11-29T23:59:00.000Z')).toBe('2026-11-30T23:59:00.000Z'); // Sunday -> Monday
    expect(at('2026-12-31T12:00:00.000Z')).toBe('2027-01-01T12:00:00.000Z'); // across a year, a Friday
  });

  it('accepts start dates from today anywhere on Earth to a year ahead', () => {
    expect(startDateRange(NOW)).toEqual({ earliest: '2026-11-24', latest: '2027-11-26' });
    expect(startDateRange(new Date('2028-02-28T12:00:00Z'))).toEqual({ earliest: '2028-02-27', latest: '2029-03-01' });
  });

  it('makes references of PR- and 8 characters without 0, O, 1, I or L', () => {
    for (let i = 0; i < 200; i++) expect(newProductRefId()).toMatch(/^PR-[2-9A-HJKMNP-Z]{8}$/);
  });
});

describe.each(databaseKinds)('product requests (%s)', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    productRequestService(testApp.app, { now: () => NOW });
  });
  afterAll(() => testApp.close());

  const post = async (
    type: ProductRequestType,
    body: unknown,
    options: { session?: SignedSession; ip?: string } = {},
  ): Promise<LightMyRequestResponse> => {
    const session = options.session ?? (await signedSession(testApp.app));
    return testApp.app.inject({
      method: 'POST',
      url: ROUTES[type].url,
      headers: session.headers,
      payload: body as object,
      remoteAddress: options.ip ?? nextAddress(),
    });
  };
  const storedCount = async () =>
    Number((await testApp.app.db.select({ total: count() }).from(productRequests))[0]!.total);
  const rowOf = async (refId: string) =>
    (await testApp.app.db.select().from(productRequests).where(eq(productRequests.refId, refId)))[0];

  /** A 400 naming exactly these fields, and nothing stored. */
  async function expectRefused(type: ProductRequestType, body: unknown, fields: string[]) {
    const before = await storedCount();
    const response = await post(type, body);
    expect(response.statusCode, response.body).toBe(400);
    const envelope = response.json();
    expectErrorEnvelope(envelope);
    expectContractResponse(ROUTES[type].operationId, response, 400);
    expect(envelope.code).toBe('validation_failed');
    expect(envelope.errors!.map((error) => error.field).sort()).toEqual([...fields].sort());
    expect(await storedCount()).toBe(before);
    return envelope;
  }

  it.each(validExamples.map((example) => [`${example.type} ${example.file}`, example] as const))(
    'accepts %s as written, stores it and sends the receipt',
    async (_name, example) => {
      const response = await post(example.type, example.body);
      expectContractResponse(ROUTES[example.type].operationId, response, 201);
      const { data } = response.json() as { data: Record<string, unknown> };
      expect(data).toMatchObject({
        type: example.type,
        status: 'received',
        userId: null,
        createdAt: NOW.toISOString(),
        expectedReplyBy: '2026-11-26T10:00:00.000Z',
      });
      expect(data.refId).toMatch(/^PR-[2-9A-HJKMNP-Z]{8}$/);

      const row = await rowOf(data.refId as string);
      expect(row).toMatchObject({
        id: data.id,
        type: example.type,
        userId: null,
        formId: forms.get(example.type)!.entry.id,
        email: example.body.contact.email,
        status: 'received',
      });
      expect(row!.answers).toMatchObject(example.body);

      const email = await emailTo(testApp, example.body.contact.email as string);
      expect(email.subject).toContain(data.refId);
      expect(email.text).toContain(data.refId);
      expect(email.text).toContain('within one business day');
      expect(email.text).toContain('Thursday 26 November');
      // The receipt repeats none of the answers.
      const freeText = String(example.body.message ?? example.body.description);
      expect(email.text).not.toContain(freeText.slice(0, 30));
      expect(email.links.every((link) => link.startsWith('http://market.test/products/'))).toBe(true);
    },
  );

  it.each(invalidExamples.map((example) => [`${example.type} ${example.file}`, example] as const))(
    'refuses %s, naming the field',
    async (_name, example) => {
      expect(INVALID_FIELD[example.file], 'the field this example is refused on').toBeDefined();
      await expectRefused(example.type, example.body, [INVALID_FIELD[example.file]!]);
    },
  );

  it('refuses answers outside the catalogue lists, naming each', async () => {
    await expectRefused(
      'netsuite',
      fresh('netsuite', (body) => {
        body.budget = 'a-million-or-so';
        body.company.industry = 'alchemy';
        body.company.country = 'ZZ';
      }),
      ['budget', 'company.industry', 'company.country'],
    );
    await expectRefused(
      'react-hire',
      fresh('react-hire', (body) => {
        body.tools = [2, 2_000_000_000];
        (body.budget as Record<string, unknown>).currency = 'XXX';
      }),
      ['tools.1', 'budget.currency'],
    );
  });

  it.each(['netsuite', 'react-hire'] as const)(
    'refuses a %s company website that is not an http or https address',
    async (type) => {
      for (const website of ['javascript:alert(document.cookie)', 'vbscript:msgbox(1)', 'data:text/html,x']) {
        await expectRefused(
          type,
          fresh(type, (body) => {
            body.company.website = website;
          }),
          ['company.website'],
        );
      }
    },
  );

  it('needs 10 to 30 weekly hours for part-time, and only for part-time', async () => {
    const partTime = (hoursPerWeek: unknown) =>
      fresh('react-hire', (body) => {
        body.engagementType = 'part-time';
        body.hoursPerWeek = hoursPerWeek;
      });
    await expectRefused('react-hire', partTime(null), ['hoursPerWeek']);
    await expectRefused('react-hire', partTime(8), ['hoursPerWeek']);
    await expectRefused('react-hire', partTime(35), ['hoursPerWeek']);
    const { hoursPerWeek: _hours, ...withoutHours } = partTime(null);
    await expectRefused('react-hire', withoutHours, ['hoursPerWeek']);
    expect((await post('react-hire', partTime(20))).statusCode).toBe(201);
    expect(
      (
        await post(
          'react-hire',
          fresh('react-hire', (body) => (body.hoursPerWeek = null)),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('checks what the schema cannot: the budget range and the start date', async () => {
    await expectRefused(
      'react-hire',
      fresh('react-hire', (body) => Object.assign(body.budget as object, { min: 90, max: 60 })),
      ['budget.max'],
    );
    await expectRefused(
      'react-hire',
      fresh('react-hire', (body) => (body.startDate = '2026-11-20')),
      ['startDate'],
    );
    await expectRefused(
      'react-hire',
      fresh('react-hire', (body) => (body.startDate = '2028-01-10')),
      ['startDate'],
    );
    expect(
      (
        await post(
          'react-hire',
          fresh('react-hire', (body) => (body.startDate = '2026-11-25')),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('takes no budget and no time-zone overlap as null', async () => {
    const response = await post(
      'react-hire',
      fresh('react-hire', (body) => {
        body.budget = null;
        body.timezoneOverlap = null;
      }),
    );
    expectContractResponse('createReactHireRequest', response, 201);
  });

  it.each(['client', 'freelancer', 'business'] as const)(
    'links the request to a signed-in %s, and not to a visitor',
    async (accountType) => {
      const session = await signedInSession(testApp.app, accountType);
      for (const type of TYPES) {
        const response = await post(type, fresh(type), { session });
        expectContractResponse(ROUTES[type].operationId, response, 201);
        const { data } = response.json() as { data: { refId: string; userId: string | null } };
        expect(data.userId).toBe(session.account.user.id);
        expect((await rowOf(data.refId))!.userId).toBe(session.account.user.id);
      }
      const visitor = await post('netsuite', fresh('netsuite'));
      const { data } = visitor.json() as { data: { refId: string; userId: string | null } };
      expect(data.userId).toBeNull();
      expect((await rowOf(data.refId))!.userId).toBeNull();
    },
  );

  it('refuses a post without the CSRF token, storing nothing', async () => {
    const before = await storedCount();
    const response = await testApp.app.inject({
      method: 'POST',
      url: ROUTES.netsuite.url,
      payload: fresh('netsuite'),
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(403);
    expect(await storedCount()).toBe(before);
  });

  it('allows 5 requests an hour per IP, across both forms', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 5; i++) {
      const type = TYPES[i % 2]!;
      expect((await post(type, fresh(type), { ip })).statusCode).toBe(201);
    }
    // A refused body does not count, and is refused for its fields first.
    await expectRefused(
      'netsuite',
      fresh('netsuite', (body) => (body.needs = [])),
      ['needs'],
    );
    const before = await storedCount();
    const limited = await post('react-hire', fresh('react-hire'), { ip });
    expectContractResponse('createReactHireRequest', limited, 429);
    expectErrorEnvelope(limited.json());
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    // Another address is not held back.
    expect((await post('netsuite', fresh('netsuite'))).statusCode).toBe(201);
  });

  it('allows 5 requests an hour per contact email, whatever its case', async () => {
    const address = uniqueEmail('limited');
    const withAddress = (type: ProductRequestType, email: string) =>
      fresh(type, (body) => (body.contact.email = email));
    for (let i = 0; i < 5; i++) {
      const email = i % 2 ? address.toUpperCase() : address;
      expect((await post(TYPES[i % 2]!, withAddress(TYPES[i % 2]!, email))).statusCode).toBe(201);
    }
    const before = await storedCount();
    const limited = await post('netsuite', withAddress('netsuite', address));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect(await storedCount()).toBe(before);
  });
});
