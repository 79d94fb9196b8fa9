import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { catalogueService } from '../../src/server/modules/catalogue/service';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { checkForms } from '../../src/shared/forms/check';
import { loadForms } from '../../src/shared/forms/load';
import { submissionOf } from '../../src/shared/forms/submission';
import {
  catalogueMigration,
  formsWithNewFamily,
  NEW_FAMILY,
  newFamilyExamples,
  type FormsCopy,
} from '../fixtures/new-family/addFamily';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  openTestDatabase,
  signedInSession,
  type SignedSession,
  type TestApp,
  type TestDatabase,
} from './helpers';

type Schemas = components['schemas'];
type Json = Record<string, unknown>;

const NEW = '/api/service/request/new/';
const CONTRACT = path.resolve(__dirname, '../../openapi/generated/openapi.yaml');

/**
 * A family added as files and data only (tests/fixtures/new-family): offered, validated, stored
 * and shown by the server as it is, reading the forms from a copy of forms/ with the family in it.
 */
describe.each(databaseKinds)('a new service family added without code (%s)', (kind) => {
  let forms: FormsCopy;
  let database: TestDatabase;
  let testApp: TestApp;
  let app: FastifyInstance;
  let client: SignedSession & { account: { user: { id: string } } };
  const examples = () => newFamilyExamples(forms.formsDir);
  const validExample = () => examples().find((example) => example.valid)!.data;
  /** What the valid example posted as (set by the first post). */
  let posted: Schemas['ServiceRequest'];

  /** A form's answers as the create call's body: the envelope fields beside `answers`. */
  const body = (data: Json) => ({
    family: NEW_FAMILY.slug,
    subFamily: null,
    formId: NEW_FAMILY.formId,
    ...submissionOf(['title'], data),
  });
  const answersOf = (data: Json) => submissionOf(['title'], data).answers;

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: NEW, headers: client.headers, payload: payload as object });

  function expectFieldErrors(response: LightMyRequestResponse, errors: { field: string; message?: string }[]) {
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json();
    expectErrorEnvelope(answer);
    expectContractResponse('createServiceRequest', response, 400);
    expect(answer.code).toBe('validation_failed');
    expect(answer.errors).toEqual(
      errors.map((error) => (error.message ? error : { field: error.field, message: expect.any(String) })),
    );
  }

  beforeAll(async () => {
    forms = formsWithNewFamily();
    database = await openTestDatabase(kind);
    // Step 3 of adding a family: its catalogue row, as the data migration adds it.
    await database.handle.db.execute(sql.raw(catalogueMigration()));
    testApp = await buildTestApp(kind, {
      sharedDatabase: database,
      formsDir: forms.formsDir,
      env: { RATE_LIMIT_FACTOR: '10' },
    });
    app = testApp.app;
    client = await signedInSession(app, 'client');
  });
  afterAll(async () => {
    await testApp?.close();
    await database?.dispose();
    forms?.remove();
  });

  it('is offered: the forms check passes, the forms list it and the catalogue has the family', async () => {
    const families = await catalogueService(app.db).families();
    expect(families).toContainEqual({ slug: NEW_FAMILY.slug, name: NEW_FAMILY.name, subFamilies: [] });

    const result = checkForms({ formsDir: forms.formsDir, contractPath: CONTRACT, families });
    expect(result.problems).toEqual([]);
    expect(result.forms.find((form) => form.id === NEW_FAMILY.formId)).toMatchObject({
      fields: 9,
      steps: 3,
      validExamples: 1,
      invalidExamples: 2,
      optionLists: ['currency', 'hiring-decision', 'industry-type', 'project-duration'],
    });

    const loaded = loadForms(forms.formsDir).get(NEW_FAMILY.formId);
    expect(loaded?.entry).toMatchObject({ family: NEW_FAMILY.slug, subFamily: null, kind: 'service-request' });
    expect(loaded?.steps.map((step) => step.title)).toEqual([
      'What to test',
      'About your business',
      'Budget and timeline',
    ]);
    // What the server accepts is read from the copy it was given, not from the repository's forms/.
    expect(requestForms(forms.formsDir).has(NEW_FAMILY.formId)).toBe(true);
    expect(requestForms(FORMS_DIR).has(NEW_FAMILY.formId)).toBe(false);

    // The public services search (S02) finds the family among the catalogue's families.
    const search = await app.inject({ url: '/api/service/search/service-tools/cyber' });
    const found = expectContractResponse('searchServiceTools', search, 200) as Schemas['CatalogueServiceSearchResult'];
    expect(found.data.items).toContainEqual({ kind: 'service-family', slug: NEW_FAMILY.slug, name: NEW_FAMILY.name });
  });

  it('is validated: its valid example is posted, its invalid examples and off-list answers are refused by field', async () => {
    const created = await post(body(validExample()));
    const answer = expectContractResponse('createServiceRequest', created, 201) as Schemas['ServiceRequestResponse'];
    posted = answer.data;
    expect(posted).toMatchObject({
      family: { slug: NEW_FAMILY.slug, name: NEW_FAMILY.name },
      subFamily: null,
      formId: NEW_FAMILY.formId,
      title: validExample().title,
      answers: answersOf(validExample()),
    });

    const invalid = Object.fromEntries(
      examples()
        .filter((example) => !example.valid)
        .map((example) => [example.name, example.data]),
    );
    expect(Object.keys(invalid)).toEqual(['invalid-empty-scope.json', 'invalid-no-assessment-type.json']);
    expectFieldErrors(await post(body(invalid['invalid-no-assessment-type.json']!)), [
      { field: 'answers.assessmentType', message: 'is required' },
    ]);
    expectFieldErrors(await post(body(invalid['invalid-empty-scope.json']!)), [{ field: 'answers.inScope' }]);

    // A choice the form lists itself, an item of a list of them, and a catalogue option list.
    expectFieldErrors(await post(body({ ...validExample(), assessmentType: 'audit' })), [
      { field: 'answers.assessmentType', message: 'must be one of the listed choices' },
    ]);
    expectFieldErrors(await post(body({ ...validExample(), inScope: ['web-app', 'satellite'] })), [
      { field: 'answers.inScope.1', message: 'must be one of the listed choices' },
    ]);
    expectFieldErrors(await post(body({ ...validExample(), projectDuration: 'next-decade' })), [
      { field: 'answers.projectDuration', message: 'is not an option of project-duration' },
    ]);
    // The form belongs to its family: posted under another family it is refused.
    expectFieldErrors(await post({ ...body(validExample()), family: 'mobile-app' }), [
      { field: 'formId', message: 'is not the form of mobile-app' },
    ]);
  });

  it('is stored: the answers as jsonb and the job board columns taken from them', async () => {
    const [row] = await app.db.select().from(serviceRequests).where(eq(serviceRequests.id, posted.id));
    expect(row).toMatchObject({
      clientId: client.account.user.id,
      family: NEW_FAMILY.slug,
      subFamily: null,
      formId: NEW_FAMILY.formId,
      title: validExample().title,
      status: 'open',
      answers: answersOf(validExample()),
      budgetType: 'fixed',
      budgetCurrency: 'USD',
      budgetUsdLow: 8000,
      budgetUsdHigh: 15000,
      projectDuration: 'one-to-three-months',
      hiringDecision: 'within-two-weeks',
      paymentType: null,
      toolIds: [],
    });
    expect(row!.searchText).toContain(NEW_FAMILY.name);
    expect(row!.summary).toBe('Cybersecurity. Fixed budget of $8,000 to $15,000, 1 to 3 months.');

    // Stored as jsonb: PostgreSQL reads into it.
    const [stored] = await app.db
      .select({
        type: sql<string>`jsonb_typeof(${serviceRequests.answers})`,
        scope: sql<unknown>`${serviceRequests.answers} -> 'inScope'`,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, posted.id));
    expect(stored).toEqual({ type: 'object', scope: ['web-app', 'api'] });
  });

  it('is shown: on the job board under its family, in the job detail and in the client’s own request', async () => {
    const board = await app.inject({ url: `/api/service/public/requests/all?family=${NEW_FAMILY.slug}` });
    const page = expectContractResponse('searchPublicServiceRequests', board, 200) as {
      data: Schemas['PublicServiceRequestSearchPage']['data'];
    };
    expect(page.data.items.map((item) => item.refId)).toEqual([posted.refId]);
    expect(page.data.items[0]).toMatchObject({
      family: { slug: NEW_FAMILY.slug, name: NEW_FAMILY.name },
      subFamily: null,
      title: validExample().title,
      budget: { type: 'fixed', min: 8000, max: 15000, currency: 'USD' },
      projectDuration: { slug: 'one-to-three-months', label: '1 to 3 months' },
    });
    expect(page.data.facets.families).toContainEqual({ slug: NEW_FAMILY.slug, name: NEW_FAMILY.name, count: 1 });

    // The board's text search finds it by the family's name too (searchText).
    const byName = await app.inject({ url: '/api/service/public/requests/cybersecurity' });
    const named = expectContractResponse('searchPublicServiceRequests', byName, 200) as {
      data: Schemas['PublicServiceRequestSearchPage']['data'];
    };
    expect(named.data.items.map((item) => item.refId)).toContain(posted.refId);

    const detail = await app.inject({ url: `/api/service/public/request/${posted.refId}/${posted.slug}` });
    const job = expectContractResponse('getPublicServiceRequest', detail, 200) as {
      data: Schemas['PublicServiceRequestDetail'];
    };
    expect(job.data).toMatchObject({
      refId: posted.refId,
      formId: NEW_FAMILY.formId,
      family: { slug: NEW_FAMILY.slug, name: NEW_FAMILY.name },
      answers: answersOf(validExample()),
      hiringDecision: { slug: 'within-two-weeks' },
    });

    const own = await app.inject({ url: `/api/service/request/${posted.id}/`, headers: { cookie: client.cookie } });
    const mine = expectContractResponse('getServiceRequest', own, 200) as Schemas['ServiceRequestResponse'];
    expect(mine.data).toMatchObject({
      id: posted.id,
      formId: NEW_FAMILY.formId,
      family: { slug: NEW_FAMILY.slug, name: NEW_FAMILY.name },
      answers: answersOf(validExample()),
      budget: { type: 'fixed', min: 8000, max: 15000, currency: 'USD' },
      projectDuration: { slug: 'one-to-three-months' },
      hiringDecision: { slug: 'within-two-weeks' },
    });
  });
});
