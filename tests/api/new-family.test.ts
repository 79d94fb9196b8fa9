import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, catalogueServiceFamilies, catalogueTools, serviceRequests } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { loadCatalogueData } from '../../src/server/modules/catalogue/data-files';
import { catalogueService } from '../../src/server/modules/catalogue/service';
import { CATALOGUE_HASH_KEY, storedCatalogueHash, syncCatalogueData } from '../../src/server/modules/catalogue/sync';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { checkForms } from '../../src/shared/forms/check';
import { loadForms } from '../../src/shared/forms/load';
import { submissionOf } from '../../src/shared/forms/submission';
import {
  catalogueDataWithNewFamily,
  formsWithNewFamily,
  NEW_FAMILY,
  newFamilyDataFile,
  newFamilyExamples,
  type CatalogueDataCopy,
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
 * A family added as files only (tests/fixtures/new-family): offered, validated, stored and shown
 * by the server as it is, reading the forms from a copy of forms/ and the catalogue data from a
 * copy of src/server/catalogue-data/, each with the family in it. No migration, no SQL.
 */
describe.each(databaseKinds)('a new service family added without code (%s)', (kind) => {
  let forms: FormsCopy;
  let catalogueData: CatalogueDataCopy;
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

  /** A start of the app on the test's database, reading both copies. */
  const startApp = () =>
    buildTestApp(kind, {
      sharedDatabase: database,
      formsDir: forms.formsDir,
      catalogueDataDir: catalogueData.dataDir,
      env: { RATE_LIMIT_FACTOR: '10' },
    });
  /** The family's row and its tools as they stand. */
  const familyRows = async () => {
    const [family] = await app.db
      .select()
      .from(catalogueServiceFamilies)
      .where(eq(catalogueServiceFamilies.slug, NEW_FAMILY.slug));
    const tools = family
      ? await app.db
          .select({ id: catalogueTools.id, slug: catalogueTools.slug, active: catalogueTools.active })
          .from(catalogueTools)
          .where(eq(catalogueTools.categoryId, family.id))
      : [];
    return { family, tools };
  };
  const listedFamilies = async () => {
    const response = await app.inject({ url: '/api/service/families/all/' });
    return (expectContractResponse('listServiceFamilies', response, 200) as Schemas['CatalogueServiceFamilyList']).data;
  };

  beforeAll(async () => {
    forms = formsWithNewFamily();
    catalogueData = catalogueDataWithNewFamily();
    database = await openTestDatabase(kind);
    // Step 3 of adding a family is its data file: the start-up writes it into the catalogue.
    testApp = await startApp();
    app = testApp.app;
    client = await signedInSession(app, 'client');
  });
  afterAll(async () => {
    await testApp?.close();
    await database?.dispose();
    forms?.remove();
    catalogueData?.remove();
  });

  it('is written into the catalogue at start-up from its data file, and listed with its description and icon', async () => {
    const file = newFamilyDataFile<{ description: string; icon: string }>();
    const { family, tools } = await familyRows();
    expect(family).toMatchObject({
      name: NEW_FAMILY.name,
      description: file.description,
      icon: 'padlock',
      position: 7,
      active: true,
    });
    expect(tools.map((tool) => [tool.slug, tool.active])).toEqual([
      ['burp-suite', true],
      ['owasp-zap', true],
    ]);
    expect(await storedCatalogueHash(app.db)).toBe(loadCatalogueData(catalogueData.dataDir).hash);

    const families = await listedFamilies();
    expect(families.map((listed) => listed.slug).at(-1)).toBe(NEW_FAMILY.slug);
    expect(families.find((listed) => listed.slug === NEW_FAMILY.slug)).toEqual({
      slug: NEW_FAMILY.slug,
      name: NEW_FAMILY.name,
      description: file.description,
      // Not an icon the web app draws: it shows its default one (the contract says so).
      icon: 'padlock',
      subFamilies: [],
      servicesPage: expect.objectContaining({ typicalProjects: expect.any(Array), areas: [] }),
    });
  });

  it('changes nothing when the app starts again with the same files', async () => {
    const before = await familyRows();
    const hash = await storedCatalogueHash(app.db);
    const again = await startApp();
    await again.close();
    expect(await familyRows()).toEqual(before);
    expect(await storedCatalogueHash(app.db)).toBe(hash);

    // The same files: skipped on the stored hash; and without it, the upsert itself writes nothing.
    const data = loadCatalogueData(catalogueData.dataDir);
    expect(await syncCatalogueData(app.db, data)).toEqual({ skipped: true });
    await app.db.delete(appMeta).where(eq(appMeta.key, CATALOGUE_HASH_KEY));
    const unchanged = { inserted: 0, updated: 0, deactivated: 0 };
    expect(await syncCatalogueData(app.db, data)).toEqual({
      skipped: false,
      changes: {
        families: unchanged,
        subFamilies: unchanged,
        tools: unchanged,
        options: unchanged,
        estimatedBudgets: unchanged,
      },
    });
    expect(await familyRows()).toEqual(before);
  });

  it('is a service of the directories’ filters: the services list they read has it after the six', async () => {
    const response = await app.inject({ url: '/api/account/business/services/all/' });
    const list = (expectContractResponse('listBusinessServices', response, 200) as Schemas['BusinessServiceOptionList'])
      .data;
    const file = newFamilyDataFile<{ description: string }>();
    expect(list.filter((option) => option.parentSlug === null).map((option) => option.slug)).toEqual([
      ...(await listedFamilies()).map((family) => family.slug),
    ]);
    expect(list.at(-1)).toMatchObject({
      slug: NEW_FAMILY.slug,
      label: NEW_FAMILY.name,
      parentSlug: null,
      description: file.description,
    });
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
  it('takes an edited description at the next start, and hides the family once its file is gone', async () => {
    const file = JSON.parse(readFileSync(catalogueData.familyFile, 'utf8')) as Record<string, unknown>;
    const description = 'Security testing, reviews and audit readiness, by certified specialists.';
    writeFileSync(catalogueData.familyFile, JSON.stringify({ ...file, description }));
    const before = await familyRows();
    let restarted = await startApp();
    await restarted.close();
    const edited = await familyRows();
    expect(edited.family).toEqual({ ...before.family, description });
    expect(edited.tools).toEqual(before.tools);
    expect((await listedFamilies()).find((listed) => listed.slug === NEW_FAMILY.slug)?.description).toBe(description);

    // Taken out of the files: kept (its request points at it) but inactive, so no longer offered.
    rmSync(catalogueData.familyFile);
    restarted = await startApp();
    await restarted.close();
    const removed = await familyRows();
    expect(removed.family).toMatchObject({ id: before.family!.id, active: false });
    expect(removed.tools.map((tool) => tool.active)).toEqual([false, false]);
    expect((await listedFamilies()).map((listed) => listed.slug)).not.toContain(NEW_FAMILY.slug);
    expect(await catalogueService(app.db).families()).not.toContainEqual(
      expect.objectContaining({ slug: NEW_FAMILY.slug }),
    );
    const [request] = await app.db
      .select({ family: serviceRequests.family })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, posted.id));
    expect(request).toEqual({ family: NEW_FAMILY.slug });
    const own = await app.inject({ url: `/api/service/request/${posted.id}/`, headers: { cookie: client.cookie } });
    expect(own.statusCode).toBe(200);
  });
});
