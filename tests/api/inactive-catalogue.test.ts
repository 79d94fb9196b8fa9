import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTools } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { submissionOf } from '../../src/shared/forms/submission';
import { BUSINESS_BODIES } from './access-rows/business.rows';
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
import { listedBusiness } from './provider-fixtures';

type Schemas = components['schemas'];
type Json = Record<string, unknown>;

const REAL_CATALOGUE_DATA = path.resolve(__dirname, '../../src/server/catalogue-data');
const FAMILY = 'data-and-analytics';
const SUB_FAMILY = 'business';
const FORM_PATH = 'requests/data-and-analytics-business';
const NEW_REQUEST = '/api/service/request/new/';

const readJson = <T = Json>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * Values taken out of the catalogue data files stay in the database, inactive (the start-up
 * sync): answers stored while they were offered read back with their labels, and new answers
 * that pick them are refused with the field named.
 */
describe.each(databaseKinds)('catalogue values taken out of the data files (%s)', (kind) => {
  let dataRoot: string;
  let dataDir: string;
  let database: TestDatabase;
  let testApp: TestApp;

  const sharedFile = () => path.join(dataDir, 'shared.json');
  const familyFile = () => path.join(dataDir, 'families', `${FAMILY}.json`);

  const form = [...requestForms().values()].find((entry) => entry.entry.path === FORM_PATH)!;
  const example = readJson(path.join(FORMS_DIR, FORM_PATH, 'examples', 'valid-complete.json'));
  const requestBody = (data: Json) => ({
    family: form.entry.family,
    subFamily: form.entry.subFamily,
    formId: form.entry.id,
    ...submissionOf(form.entry.envelopeFields, data),
  });

  // What the test takes out of the files, with the labels the files gave them.
  const shared = readJson<{ optionLists: Record<string, { slug: string; label: string }[]> }>(
    path.join(REAL_CATALOGUE_DATA, 'shared.json'),
  );
  const family = readJson<{ subFamilies: { slug: string; name: string }[]; tools: { slug: string; name: string }[] }>(
    path.join(REAL_CATALOGUE_DATA, 'families', `${FAMILY}.json`),
  );
  const businessType = shared.optionLists['business-type']!.find((option) => option.slug === 'agency')!;
  const duration = shared.optionLists['project-duration']!.find((option) => option.slug === example.projectDuration)!;
  const subFamily = family.subFamilies.find((sub) => sub.slug === SUB_FAMILY)!;
  let retiredTool: { id: number; slug: string; name: string };

  let client: SignedSession;
  let request: Schemas['ServiceRequest'];
  let companyId: string;

  const start = () => buildTestApp(kind, { sharedDatabase: database, catalogueDataDir: dataDir });

  function expectFieldError(response: LightMyRequestResponse, field: string) {
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json();
    expectErrorEnvelope(answer);
    expect(answer.errors).toContainEqual({ field, message: expect.any(String) });
  }

  beforeAll(async () => {
    dataRoot = mkdtempSync(path.join(tmpdir(), 'catalogue-data-retired-'));
    dataDir = path.join(dataRoot, 'catalogue-data');
    cpSync(REAL_CATALOGUE_DATA, dataDir, { recursive: true });
    database = await openTestDatabase(kind);

    // While everything is offered: a listed business in the sub-family, and a request using the values.
    testApp = await start();
    // A tool of the family's own file, so taking it out of that file retires it.
    const [tool] = await testApp.app.db
      .select({ id: catalogueTools.id, slug: catalogueTools.slug, name: catalogueTools.name })
      .from(catalogueTools)
      .where(eq(catalogueTools.slug, family.tools[0]!.slug));
    retiredTool = tool!;
    const business = await listedBusiness(testApp.app, { services: [`${FAMILY}/${SUB_FAMILY}`] });
    companyId = business.user.companyId!;
    // The fixture's business type becomes one the test retires.
    await testApp.app.db.execute(
      sql`UPDATE profiles SET sections = jsonb_set(sections, '{businessDetails,data,businessType}', ${JSON.stringify(businessType.slug)}::jsonb) WHERE user_id = ${business.user.id}`,
    );
    client = await signedInSession(testApp.app, 'client');
    const created = await testApp.app.inject({
      method: 'POST',
      url: NEW_REQUEST,
      headers: client.headers,
      payload: requestBody({ ...example, tools: [retiredTool.id] }),
    });
    request = (expectContractResponse('createServiceRequest', created, 201) as Schemas['ServiceRequestResponse']).data;
    await testApp.close();

    // Taken out of the files; the next start marks them inactive.
    const sharedData = readJson<typeof shared>(sharedFile());
    sharedData.optionLists['business-type'] = sharedData.optionLists['business-type']!.filter(
      (option) => option.slug !== businessType.slug,
    );
    sharedData.optionLists['project-duration'] = sharedData.optionLists['project-duration']!.filter(
      (option) => option.slug !== duration.slug,
    );
    writeFileSync(sharedFile(), JSON.stringify(sharedData));
    const familyData = readJson<typeof family>(familyFile());
    familyData.subFamilies = familyData.subFamilies.filter((sub) => sub.slug !== SUB_FAMILY);
    familyData.tools = familyData.tools.filter((tool) => tool.slug !== retiredTool.slug);
    writeFileSync(familyFile(), JSON.stringify(familyData));
    testApp = await start();
  });

  afterAll(async () => {
    await testApp?.close();
    await database?.dispose();
    rmSync(dataRoot, { recursive: true, force: true });
  });

  it('reads a stored request back with the labels of its retired sub-family, option and tool', async () => {
    const expected = {
      family: { slug: FAMILY },
      subFamily: { slug: SUB_FAMILY, name: subFamily.name },
      projectDuration: { slug: duration.slug, label: duration.label },
    };
    const own = await testApp.app.inject({
      url: `/api/service/request/${request.id}/`,
      headers: { cookie: client.cookie },
    });
    const mine = (expectContractResponse('getServiceRequest', own, 200) as Schemas['ServiceRequestResponse']).data;
    expect(mine).toMatchObject(expected);
    expect(mine.tools).toContainEqual({ id: retiredTool.id, slug: retiredTool.slug, name: retiredTool.name });

    const detail = await testApp.app.inject({ url: `/api/service/public/request/${request.refId}/${request.slug}` });
    const job = (expectContractResponse('getPublicServiceRequest', detail, 200) as { data: Json }).data;
    expect(job).toMatchObject(expected);
  });

  it('shows a business profile with its retired business type and sub-family by name', async () => {
    const shown = await testApp.app.inject({ url: `/api/account/public/business/${companyId}/` });
    const page = expectContractResponse('getPublicBusinessProfile', shown, 200)
      .data as Schemas['BusinessPublicProfile'];
    expect(page.businessType).toEqual({ slug: businessType.slug, label: businessType.label });
    expect(page.services).toContainEqual({ slug: `${FAMILY}/${SUB_FAMILY}`, label: subFamily.name });
  });

  it('refuses a new request in the retired sub-family, or with the retired option or tool, naming the field', async () => {
    const poster = await signedInSession(testApp.app, 'client');
    const post = (payload: unknown) =>
      testApp.app.inject({ method: 'POST', url: NEW_REQUEST, headers: poster.headers, payload: payload as object });
    expectFieldError(await post(requestBody(example)), 'subFamily');

    // The same answers on the family's other form: the retired option and tool are refused by field.
    const personal = [...requestForms().values()].find(
      (entry) => entry.entry.family === FAMILY && entry.entry.subFamily === 'personal',
    )!;
    const personalExample = readJson(path.join(FORMS_DIR, personal.entry.path, 'examples', 'valid-complete.json'));
    const body = {
      family: FAMILY,
      subFamily: 'personal',
      formId: personal.entry.id,
      ...submissionOf(personal.entry.envelopeFields, {
        ...personalExample,
        projectDuration: duration.slug,
        tools: [retiredTool.id],
      }),
    };
    expectFieldError(await post(body), 'answers.projectDuration');
    const withTool = { ...body, answers: { ...body.answers, projectDuration: personalExample.projectDuration } };
    expectFieldError(await post(withTool), 'answers.tools.0');
  });

  it('refuses the retired business type and sub-family in new business answers, naming the field', async () => {
    const owner = await signedInSession(testApp.app, 'business');
    const send = (url: string, payload: unknown) =>
      testApp.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });

    const details = await send('/api/account/business/details/set/', {
      ...BUSINESS_BODIES.details,
      businessType: businessType.slug,
    });
    expectFieldError(details, 'businessType');
    expectContractResponse('setBusinessDetails', details, 400);

    const offered = { ...BUSINESS_BODIES.details, businessType: 'startup' };
    expect((await send('/api/account/business/details/set/', offered)).statusCode).toBe(200);
    expect(
      (await send('/api/account/business/personal-contact/set/', BUSINESS_BODIES.personalContact)).statusCode,
    ).toBe(200);
    const about = await send('/api/account/business/about/set/', {
      ...BUSINESS_BODIES.about,
      services: [`${FAMILY}/${SUB_FAMILY}`],
    });
    expectFieldError(about, 'services.0');
    expectContractResponse('setBusinessAbout', about, 400);
  });
});
