import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, providerProjects, providerServices, uploads, users } from '../../src/server/db/schema';
import { refreshListing } from '../../src/server/modules/providers/listing';
import type { components } from '../../src/server/generated/api';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  expectErrorEnvelope,
  getMe,
  signedInSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import { cutKeepingTheEnd, pdf, storedFiles, type FilePart } from './upload-files';

const ABOUT = '/api/account/freelancer/about/update/';
const SIZES = '/api/account/freelancer/project-size/all/';
const ADD = '/api/account/freelancer/projects/add/';
const update = (id: string) => `/api/account/freelancer/projects/${id}/update/`;
const details = (id: string) => `/api/account/freelancer/projects/${id}/details/`;
const serviceProjects = (slug: string) => `/api/account/freelancer/service/${slug}/projects/all/`;
type Schemas = components['schemas'];

const SERVICE_DETAILS = '/api/account/freelancer/service-details/set/';
const EDUCATION = '/api/account/freelancer/education/set/';
const EXPERIENCE = '/api/account/freelancer/experience/set/';
const LANGUAGES = '/api/account/freelancer/languages/set/';
const TAGLINE = '/api/account/freelancer/settings/tagline/';
const PERSONAL = '/api/account/freelancer/settings/personal-details/';
const BUSINESS = '/api/account/freelancer/settings/business-details/';
const publicProfile = (uid: string) => `/api/account/public/freelancer/${uid}/`;
const publicServices = (uid: string) => `/api/account/public/freelancer/${uid}/services/`;
const publicProjects = (uid: string, sid: string) => `/api/account/public/freelancer/${uid}/services/${sid}/projects/`;
const publicProject = (uid: string, pid: string) => `/api/account/public/freelancer/${uid}/projects/${pid}/details/`;

const BOUNDARY = '----freelancer-test-boundary-4b7e';

type Field = [string, string | number];

/** Base fields with `extra` replacing every base field of the same name (a repeated one too). */
const withOverrides = (base: Field[], extra: Field[]): Field[] => {
  const replaced = new Set(extra.map(([name]) => name));
  return [...base.filter(([name]) => !replaced.has(name)), ...extra];
};

/** A multipart body with repeated fields (`tools=74`, `tools=42`), as the generated client sends arrays. */
function form(fields: Field[], files: FilePart[] = []) {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A picture of random pixels, so it does not shrink to nothing. */
const picture = (format: 'png' | 'jpeg', width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();

const DESCRIPTION =
  'Replaced a 60-tab Excel board pack with a Power BI report fed from NetSuite and Salesforce. Monthly reporting went from six days to one.';

describe.each(databaseKinds)('freelancer profile, services and projects (%s)', (kind) => {
  let testApp: TestApp;
  let toolIds: number[];
  let pngBytes: Buffer;
  let noisyPng: Buffer;
  let jpegBytes: Buffer;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    const tools = (await app().inject({ url: '/api/service/tool/all/' })).json() as { data: { id: number }[] };
    toolIds = tools.data.slice(0, 3).map((tool) => tool.id);
    pngBytes = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3c6e71' } })
      .png()
      .toBuffer();
    noisyPng = await picture('png', 320, 200);
    jpegBytes = await picture('jpeg', 640, 480);
  });
  afterAll(() => testApp.close());

  const call = (session: SignedSession, request: InjectOptions) =>
    app().inject({ ...request, headers: { ...session.headers, ...(request.headers ?? {}) } });
  const send = (session: SignedSession, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) =>
    call(session, { method, url, payload: payload as Record<string, unknown> });
  const sendForm = (session: SignedSession, url: string, body: ReturnType<typeof form>) =>
    call(session, { method: 'POST', url, payload: body.payload, headers: body.headers });
  const image = (name: string, bytes: Buffer, type = 'image/png'): FilePart => ({ field: 'images', name, type, bytes });

  const profileOf = async (userId: string) =>
    (await app().db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  /** What a refused call must leave untouched: the account's projects, its uploads and the storage. */
  const footprint = async (userId: string) => ({
    projects: (
      await app().db.select({ n: count() }).from(providerProjects).where(eq(providerProjects.userId, userId))
    )[0]!.n,
    uploads: (await app().db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, userId)))[0]!.n,
    stored: storedFiles(testApp),
  });

  /** A freelancer through G01, G03 and G06: the primary service, leads and one other service. */
  async function onboarded(options: { verified?: boolean } = {}) {
    const session = await signedInSession(app(), 'freelancer', options);
    expect(
      (
        await send(session, 'POST', '/api/account/provider/primary-service/set/', {
          serviceSlug: 'finance-transformation',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(session, 'POST', '/api/account/provider/leads-location/set/', {
          type: 'custom',
          country: 'US',
          state: 'CA',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(session, 'PATCH', '/api/account/provider/other-service/update/', {
          serviceSlugs: ['data-and-analytics'],
        })
      ).statusCode,
    ).toBe(200);
    return session;
  }

  const serviceDetailsForm = (extra: Field[] = [], files: FilePart[] = []) =>
    form(
      withOverrides(
        [
          ['serviceSlug', 'finance-transformation'],
          [
            'description',
            'I implement and optimise NetSuite for SaaS and services companies, from close to board reporting.',
          ],
          ['hourlyRate', '95.456'],
          ['currency', 'USD'],
          ['yearsOfExperience', '9'],
          ...toolIds.slice(0, 2).map((id): Field => ['tools', id]),
        ],
        extra,
      ),
      files,
    );

  const SAMPLE_PROJECT_STORY =
    'Redesigned the month-end close of a 200-person SaaS company in NetSuite, cutting it from nine working days to four.';
  /** The sample project sent with images: its title, its own description and when it started. */
  const sampleProject = (title: string): Field[] => [
    ['projectTitle', title],
    ['projectDescription', SAMPLE_PROJECT_STORY],
    ['projectStartedOn', '2025-09-01'],
  ];

  /** A freelancer whose onboarding is complete (its primary service has its first project). */
  async function withServiceDetails(options: { verified?: boolean } = {}) {
    const session = await onboarded(options);
    const response = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm(sampleProject('Month-end close redesign'), [image('close.png', pngBytes)]),
    );
    expectContractResponse('setFreelancerServiceDetails', response, 200);
    return session;
  }

  const projectForm = (extra: Field[] = [], files: FilePart[] = []) =>
    form(
      withOverrides(
        [
          ['serviceSlug', 'data-and-analytics'],
          ['title', 'Board pack automation for a Series C SaaS company'],
          ['description', DESCRIPTION],
          ['projectSize', 'medium'],
          ['role', 'Lead FP&A consultant'],
          ['url', 'https://www.example.com/case-studies/board-pack'],
          ...toolIds.map((id): [string, number] => ['tools', id]),
          ['startedOn', '2025-09-01'],
          ['completedOn', '2025-12-12'],
        ],
        extra,
      ),
      files,
    );

  async function addProject(session: SignedSession, files?: FilePart[]) {
    const response = await sendForm(
      session,
      ADD,
      projectForm(
        [],
        files ?? [
          image('board-pack-dashboard.png', pngBytes),
          image('cash-runway.jpg', jpegBytes, 'image/jpeg'),
          { field: 'files', name: 'case-study.pdf', type: 'application/pdf', bytes: pdf() },
        ],
      ),
    );
    return expectContractResponse('addFreelancerProject', response, 201).data as {
      id: string;
      images: { id: string; name: string; url: string; width: number; height: number; contentType: string }[];
      files: { id: string; name: string }[];
      role: string | null;
      tools: { id: number }[];
    };
  }

  it('lists the four project sizes, smallest first, cacheable (F02)', async () => {
    const response = await app().inject({ url: SIZES });
    const body = expectContractResponse('listProjectSizes', response, 200);
    expect(body.data.map((size: { slug: string }) => size.slug)).toEqual(['small', 'medium', 'large', 'enterprise']);
    expect(body.data[3]).toMatchObject({ minBudget: 100000, maxBudget: null, currency: 'USD' });
    expect(response.headers['cache-control']).toMatch(/^public/);
  });

  it('saves the about section and refuses an unknown currency without writing (F01)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const input = {
      headline: 'NetSuite and FP&A consultant for SaaS finance teams',
      about: 'I help finance teams at growing SaaS companies close faster and plan with confidence, nine years in.',
      hourlyRate: { amount: 95.456, currency: 'EUR' },
      yearsOfExperience: 9,
      availability: 'part-time',
    };
    const refused = await send(session, 'PUT', ABOUT, { ...input, hourlyRate: { amount: 95, currency: 'ZZZ' } });
    expect(refused.statusCode).toBe(400);
    expectErrorEnvelope(refused.json());
    expect(refused.json().errors).toEqual([{ field: 'hourlyRate.currency', message: expect.any(String) }]);
    expect((await profileOf(session.account.user.id))?.sections.freelancerAbout).toBeUndefined();

    const saved = await send(session, 'PUT', ABOUT, input);
    const body = expectContractResponse('updateFreelancerAbout', saved, 200);
    expect(body.data).toMatchObject({ headline: input.headline, hourlyRate: { amount: 95.46, currency: 'EUR' } });
    expect((await profileOf(session.account.user.id))?.sections.freelancerAbout).toBeDefined();
  });

  it('replaces education newest first and refuses an end year before the start (F06)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const refused = await send(session, 'POST', EDUCATION, {
      entries: [{ school: 'University of Lagos', degree: 'BSc', field: null, startYear: 2012, endYear: 2008 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'entries.0.endYear', message: expect.any(String) }]);
    expect((await profileOf(session.account.user.id))?.sections.education).toBeUndefined();

    const saved = await send(session, 'POST', EDUCATION, {
      entries: [
        { school: 'University of Lagos', degree: 'BSc', field: 'Economics', startYear: 2008, endYear: 2012 },
        { school: 'University of Michigan', degree: 'MAcc', field: null, startYear: 2013, endYear: 2015 },
        { school: 'Open University', degree: 'Certificate', field: null, startYear: 2024, endYear: null },
      ],
    });
    const body = expectContractResponse('setFreelancerEducation', saved, 200);
    expect(body.data.entries.map((entry: { school: string }) => entry.school)).toEqual([
      'Open University',
      'University of Michigan',
      'University of Lagos',
    ]);
    const cleared = await send(session, 'POST', EDUCATION, { entries: [] });
    expect(expectContractResponse('setFreelancerEducation', cleared, 200).data.entries).toEqual([]);
  });

  it('replaces work history current first and checks current against the end date (F07)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const entry = { company: 'Deloitte', title: 'Senior Consultant', location: 'Chicago, IL', description: null };
    const refused = await send(session, 'POST', EXPERIENCE, {
      entries: [{ ...entry, startDate: '2015-09-01', endDate: '2020-06-01', current: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'entries.0.endDate', message: expect.any(String) }]);
    const backwards = await send(session, 'POST', EXPERIENCE, {
      entries: [{ ...entry, startDate: '2015-09-01', endDate: '2014-06-01', current: false }],
    });
    expect(backwards.json().errors).toEqual([{ field: 'entries.0.endDate', message: expect.any(String) }]);
    expect((await profileOf(session.account.user.id))?.sections.experience).toBeUndefined();

    const saved = await send(session, 'POST', EXPERIENCE, {
      entries: [
        { ...entry, startDate: '2015-09-01', endDate: '2020-06-01', current: false },
        { ...entry, company: 'Independent', startDate: '2020-07-01', endDate: null, current: true },
      ],
    });
    const body = expectContractResponse('setFreelancerExperience', saved, 200);
    expect(body.data.entries.map((e: { company: string }) => e.company)).toEqual(['Independent', 'Deloitte']);
  });

  it('replaces languages strongest first with names, refusing repeats and unknown codes (F08)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const refused = await send(session, 'POST', LANGUAGES, {
      entries: [
        { code: 'en', proficiency: 'native' },
        { code: 'en', proficiency: 'fluent' },
        { code: 'qq', proficiency: 'basic' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'entries.1.code',
      'entries.2.code',
    ]);
    expect((await profileOf(session.account.user.id))?.sections.languages).toBeUndefined();

    const saved = await send(session, 'POST', LANGUAGES, {
      entries: [
        { code: 'fr', proficiency: 'conversational' },
        { code: 'en', proficiency: 'native' },
        { code: 'yo', proficiency: 'fluent' },
      ],
    });
    const body = expectContractResponse('setFreelancerLanguages', saved, 200);
    expect(body.data.entries).toEqual([
      { code: 'en', name: 'English', proficiency: 'native' },
      { code: 'yo', name: 'Yoruba', proficiency: 'fluent' },
      { code: 'fr', name: 'French', proficiency: 'conversational' },
    ]);
  });

  it('sets and removes the tagline in profiles.tagline (F18)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const saved = await send(session, 'PATCH', TAGLINE, { tagline: 'I turn month-end chaos into a four-day close.' });
    expect(expectContractResponse('updateFreelancerTagline', saved, 200).data.tagline).toBe(
      'I turn month-end chaos into a four-day close.',
    );
    expect((await profileOf(session.account.user.id))?.tagline).toBe('I turn month-end chaos into a four-day close.');
    const removed = await send(session, 'PATCH', TAGLINE, { tagline: null });
    expect(expectContractResponse('updateFreelancerTagline', removed, 200).data.tagline).toBeNull();
    expect((await profileOf(session.account.user.id))?.tagline).toBeNull();
  });

  it('saves personal details with names, refusing a foreign state or unknown time zone (F19)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const input = {
      firstname: 'Maya',
      lastname: 'Okafor',
      phone: '+14155550142',
      country: 'US',
      state: 'CA',
      city: 'San Francisco',
      timezone: 'America/Los_Angeles',
    };
    const wrongState = await send(session, 'PUT', PERSONAL, { ...input, state: 'ON' });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors).toEqual([{ field: 'state', message: expect.any(String) }]);
    const wrongZone = await send(session, 'PUT', PERSONAL, { ...input, timezone: 'Mars/Olympus_Mons' });
    expect(wrongZone.json().errors).toEqual([{ field: 'timezone', message: expect.any(String) }]);
    expect((await profileOf(session.account.user.id))?.sections.personalDetails).toBeUndefined();

    const saved = await send(session, 'PUT', PERSONAL, input);
    const body = expectContractResponse('updateFreelancerPersonalDetails', saved, 200);
    expect(body.data).toMatchObject({
      displayName: 'Maya Okafor',
      email: session.account.email,
      countryName: 'United States',
      stateName: 'California',
    });
    const [user] = await app().db.select().from(users).where(eq(users.id, session.account.user.id));
    expect(user?.lastname).toBe('Okafor');
  });

  it('saves business details with place names and refuses a state of another country (F20)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const input = {
      companyName: 'Okafor Finance Consulting LLC',
      registrationNumber: '202412345678',
      vatNumber: null,
      address: {
        country: 'US',
        state: 'CA',
        city: 'San Francisco',
        line1: '548 Market Street',
        line2: null,
        postalCode: '94104',
      },
      invoiceEmail: null,
    };
    const refused = await send(session, 'PUT', BUSINESS, { ...input, address: { ...input.address, state: 'BY' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'address.state', message: expect.any(String) }]);
    expect((await profileOf(session.account.user.id))?.sections.freelancerBusinessDetails).toBeUndefined();

    const saved = await send(session, 'PUT', BUSINESS, input);
    const body = expectContractResponse('updateFreelancerBusinessDetails', saved, 200);
    expect(body.data.address).toMatchObject({ countryName: 'United States', stateName: 'California' });
  });

  it('reads back every onboarding step in the settings: the primary service and each service with its details', async () => {
    const SETTINGS = '/api/account/freelancer/settings/';
    const fresh = await signedInSession(app(), 'freelancer');
    const empty = expectContractResponse('getFreelancerSettings', await call(fresh, { url: SETTINGS }), 200).data;
    expect(empty.primaryService).toBeNull();
    expect(empty.services).toEqual([]);

    const session = await withServiceDetails();
    const updated = await send(session, 'PUT', '/api/account/provider/primary-service/update/', {
      serviceSlug: 'finance-transformation',
      subServiceSlugs: ['finance-transformation/fp-and-a-revolution'],
    });
    expect(updated.statusCode).toBe(200);

    const settings = expectContractResponse('getFreelancerSettings', await call(session, { url: SETTINGS }), 200);
    const data = settings.data as Schemas['FreelancerSettings'];
    expect(data.primaryService).toMatchObject({
      slug: 'finance-transformation',
      subServices: [{ slug: 'finance-transformation/fp-and-a-revolution' }],
      projectCount: 1,
    });
    expect(data.services.map((service) => [service.service.slug, service.isPrimary, service.completed])).toEqual([
      ['finance-transformation', true, true],
      ['data-and-analytics', false, false],
    ]);
    const [primary, other] = data.services;
    expect(primary).toMatchObject({
      description: 'I implement and optimise NetSuite for SaaS and services companies, from close to board reporting.',
      hourlyRate: { amount: 95.46, currency: 'USD' },
      yearsOfExperience: 9,
      project: { title: 'Month-end close redesign', startedOn: '2025-09-01', completedOn: null },
    });
    expect(primary!.tools.map((tool) => tool.id).sort()).toEqual(toolIds.slice(0, 2).sort());
    expect(other).toMatchObject({ description: null, hourlyRate: null, yearsOfExperience: null, tools: [] });
  });

  it('answers 409 for service details before the primary service and leads location are set (F05)', async () => {
    const session = await signedInSession(app(), 'freelancer');
    const response = await sendForm(session, SERVICE_DETAILS, serviceDetailsForm());
    expect(response.statusCode).toBe(409);
    expectErrorEnvelope(response.json());
  });

  it('completes onboarding with the primary service details and its first project (F05)', async () => {
    const session = await onboarded();
    const userId = session.account.user.id;
    const before = await footprint(userId);

    const noImages = await sendForm(session, SERVICE_DETAILS, serviceDetailsForm());
    expect(noImages.statusCode).toBe(400);
    expect(noImages.json().errors).toEqual([{ field: 'images', message: expect.any(String) }]);
    const notMine = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm([['serviceSlug', 'mobile-app']], [image('a.png', pngBytes)]),
    );
    expect(notMine.statusCode).toBe(400);
    const badTool = await sendForm(
      session,
      SERVICE_DETAILS,
      form(
        [
          ['serviceSlug', 'finance-transformation'],
          [
            'description',
            'I implement and optimise NetSuite for SaaS and services companies, from close to board reporting.',
          ],
          ['hourlyRate', '95'],
          ['currency', 'USD'],
          ['yearsOfExperience', '9'],
          ['tools', 2147480000],
          ...sampleProject('Close redesign'),
        ],
        [image('a.png', pngBytes)],
      ),
    );
    expect(badTool.statusCode).toBe(400);
    expect(badTool.json().errors).toEqual([{ field: 'tools.0', message: expect.any(String) }]);
    const damaged = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm(sampleProject('Close redesign'), [
        image('fine.png', pngBytes),
        image('cut.png', cutKeepingTheEnd(noisyPng, 'png')),
      ]),
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().errors).toEqual([{ field: 'images.1', message: expect.any(String) }]);
    expect(await footprint(userId)).toEqual(before);
    const [service] = await app()
      .db.select()
      .from(providerServices)
      .where(eq(providerServices.userId, userId))
      .orderBy(providerServices.position);
    expect(service?.details).toBeNull();
    expect((await getMe(app(), session)).json().data.primaryService.project).toBeNull();

    const saved = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm(
        [
          ...sampleProject('Month-end close redesign in NetSuite'),
          ['projectCompletedOn', '2025-12-12'],
          ['projectSize', 'large'],
        ],
        [image('close-checklist.png', pngBytes), image('variance.jpg', jpegBytes, 'image/jpeg')],
      ),
    );
    const body = expectContractResponse('setFreelancerServiceDetails', saved, 200);
    expect(body.data.nextStep).toBeNull();
    const [primary, other] = body.data.services;
    expect(primary).toMatchObject({
      service: { slug: 'finance-transformation' },
      isPrimary: true,
      completed: true,
      hourlyRate: { amount: 95.46, currency: 'USD' },
      projectCount: 1,
      project: {
        title: 'Month-end close redesign in NetSuite',
        projectSize: { slug: 'large' },
        imageCount: 2,
        // The freelancer's own dates and story, not the day of sign-up and the service's description.
        startedOn: '2025-09-01',
        completedOn: '2025-12-12',
      },
    });
    const firstProject = await call(session, {
      url: `/api/account/freelancer/projects/${primary.project.id}/details/`,
    });
    expect(firstProject.json().data).toMatchObject({ description: SAMPLE_PROJECT_STORY });
    expect(other).toMatchObject({ service: { slug: 'data-and-analytics' }, completed: false, project: null });
    const me = (await getMe(app(), session)).json().data;
    expect(me.primaryService.project).toEqual({ id: primary.project.id });

    // Later edits need no images once the service has a project.
    const edited = await sendForm(session, SERVICE_DETAILS, serviceDetailsForm([['yearsOfExperience', '10']]));
    expect(expectContractResponse('setFreelancerServiceDetails', edited, 200).data.services[0]).toMatchObject({
      yearsOfExperience: 10,
      projectCount: 1,
    });
  });

  it('refuses a sample project without its own description and start date, or with dates out of order (F05)', async () => {
    const session = await onboarded();
    const userId = session.account.user.id;
    const before = await footprint(userId);
    const bare = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm([['projectTitle', 'Month-end close redesign']], [image('close.png', pngBytes)]),
    );
    expect(bare.statusCode).toBe(400);
    expectErrorEnvelope(bare.json());
    expect(
      bare
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['projectDescription', 'projectStartedOn']);
    const backwards = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm(
        [...sampleProject('Month-end close redesign'), ['projectCompletedOn', '2025-08-01']],
        [image('close.png', pngBytes)],
      ),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: 'projectCompletedOn', message: expect.any(String) }]);
    const future = await sendForm(
      session,
      SERVICE_DETAILS,
      serviceDetailsForm(
        [
          ['projectTitle', 'Month-end close redesign'],
          ['projectDescription', SAMPLE_PROJECT_STORY],
          ['projectStartedOn', '2999-01-01'],
        ],
        [image('close.png', pngBytes)],
      ),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ field: 'projectStartedOn', message: expect.any(String) }]);
    expect(await footprint(userId)).toEqual(before);
  });

  it('adds a project with PNG and JPEG images stored as WebP, and reads it back (F03, F12, F13)', async () => {
    const session = await withServiceDetails();
    const project = await addProject(session);
    expect(project.images).toHaveLength(2);
    for (const stored of project.images) {
      expect(stored.contentType).toBe('image/webp');
      // Re-encoded, yet under the name the person gave it.
      expect(stored.url.endsWith(`/${encodeURIComponent(stored.name)}`)).toBe(true);
    }
    expect(project.images.map((stored) => stored.name)).toEqual(['board-pack-dashboard.png', 'cash-runway.jpg']);
    expect(project.images[0]).toMatchObject({ width: 1920, height: 960 });
    expect(project.images[1]).toMatchObject({ width: 640, height: 480 });
    expect(project.files).toMatchObject([{ name: 'case-study.pdf' }]);
    expect(project.tools.map((tool) => tool.id)).toEqual(toolIds);

    const download = await call(session, { url: project.images[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/webp');
    expect((await sharp(download.rawPayload).metadata()).format).toBe('webp');

    const read = await call(session, { url: details(project.id) });
    expect(expectContractResponse('getFreelancerProject', read, 200).data.id).toBe(project.id);
    const list = await call(session, { url: serviceProjects('data-and-analytics') });
    const page = expectContractResponse('listFreelancerServiceProjects', list, 200).data;
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([project.id]);
    expect(page.pagination).toEqual({ page: 1, pageSize: 20, total: 1, totalPages: 1 });
    expect((await call(session, { url: serviceProjects('mobile-app') })).statusCode).toBe(404);
    expect((await call(session, { url: serviceProjects('not-a-family') })).statusCode).toBe(400);
  });

  it('refuses damaged, disguised and oversized files with nothing half-written (F03)', async () => {
    const session = await withServiceDetails();
    const userId = session.account.user.id;
    const before = await footprint(userId);
    const attempt = (files: FilePart[], extra: Field[] = []) => sendForm(session, ADD, projectForm(extra, files));

    // The first image is stored before the second turns out damaged: it must go again.
    const truncated = await attempt([
      image('good.png', pngBytes),
      image('cut.jpg', cutKeepingTheEnd(jpegBytes, 'jpeg'), 'image/jpeg'),
    ]);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().errors).toEqual([{ field: 'images.1', message: expect.any(String) }]);
    expect(await footprint(userId)).toEqual(before);

    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), randomBytes(512)]);
    const disguised = await attempt([image('setup.png', program)]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errors).toEqual([{ field: 'images.0', message: expect.any(String) }]);

    const text = await attempt([
      image('good.png', pngBytes),
      { field: 'files', name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('notes') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual([{ field: 'files.0', message: expect.any(String) }]);

    const huge = Buffer.concat([pngBytes.subarray(0, 8), randomBytes(5 * 1024 * 1024 + 10)]);
    const oversized = await attempt([image('good.png', pngBytes), image('huge.png', huge)]);
    expect(oversized.statusCode).toBe(413);
    expectErrorEnvelope(oversized.json());

    const wrongService = await attempt([image('good.png', pngBytes)], [['serviceSlug', 'mobile-app']]);
    expect(wrongService.statusCode).toBe(400);
    expect(wrongService.json().errors).toEqual([{ field: 'serviceSlug', message: expect.any(String) }]);

    const future = await attempt([image('good.png', pngBytes)], [['completedOn', '2999-01-01']]);
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ field: 'completedOn', message: expect.any(String) }]);

    expect(await footprint(userId)).toEqual(before);
  });

  it('stores a file sent with path separators under its last segment only (F03)', async () => {
    const session = await withServiceDetails();
    const project = await addProject(session, [
      image('../../etc/passwd.png', pngBytes),
      { field: 'files', name: '..\\..\\windows\\report.pdf', type: 'application/pdf', bytes: pdf() },
    ]);
    expect(project.images[0]!.name).toBe('passwd.png');
    expect(project.files[0]!.name).toBe('report.pdf');
    const rows = await app().db.select().from(uploads).where(eq(uploads.ownerId, session.account.user.id));
    for (const row of rows) {
      expect(row.name).not.toMatch(/[\\/]/);
      expect(row.storageKey).not.toContain('..');
    }
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['passwd.png', 'report.pdf']));
  });

  it('updates a project: fields, cleared fields, removed and appended images (F04)', async () => {
    const session = await withServiceDetails();
    const project = await addProject(session);
    const userId = session.account.user.id;

    const other = await addProject(await withServiceDetails());
    const before = await footprint(userId);
    const emptied = await sendForm(
      session,
      update(project.id),
      form(project.images.map((stored): [string, string] => ['removeAttachmentIds', stored.id])),
    );
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual([{ field: 'images', message: expect.any(String) }]);
    const foreign = await sendForm(session, update(project.id), form([['removeAttachmentIds', other.images[0]!.id]]));
    expect(foreign.json().errors).toEqual([{ field: 'removeAttachmentIds.0', message: expect.any(String) }]);
    const damaged = await sendForm(
      session,
      update(project.id),
      form([['title', 'A new title']], [image('cut.png', cutKeepingTheEnd(noisyPng, 'png'))]),
    );
    expect(damaged.statusCode).toBe(400);
    const empty = await sendForm(session, update(project.id), form([]));
    expect(empty.json().errors).toEqual([{ field: 'body', message: expect.any(String) }]);
    expect(await footprint(userId)).toEqual(before);
    expect((await call(session, { url: details(project.id) })).json().data.title).toBe(
      'Board pack automation for a Series C SaaS company',
    );

    const removed = project.images[1]!;
    const response = await sendForm(
      session,
      update(project.id),
      form(
        [
          ['title', 'Board pack and forecast automation'],
          ['clearFields', 'role'],
          ['clearFields', 'tools'],
          ['removeAttachmentIds', removed.id],
        ],
        [image('forecast.jpg', jpegBytes, 'image/jpeg')],
      ),
    );
    const saved = expectContractResponse('updateFreelancerProject', response, 200).data;
    expect(saved).toMatchObject({ title: 'Board pack and forecast automation', role: null, tools: [] });
    expect(saved.images.map((stored: { name: string }) => stored.name)).toEqual([
      'board-pack-dashboard.png',
      'forecast.jpg',
    ]);
    expect(await app().db.select().from(uploads).where(eq(uploads.id, removed.id))).toEqual([]);
    expect((await footprint(userId)).stored).toHaveLength(before.stored.length);
  });

  it('answers 404 for another freelancer project on F04 and F13', async () => {
    const owner = await withServiceDetails();
    const project = await addProject(owner);
    const stranger = await withServiceDetails();
    expect((await call(stranger, { url: details(project.id) })).statusCode).toBe(404);
    const response = await sendForm(stranger, update(project.id), form([['title', 'Taken over']]));
    expect(response.statusCode).toBe(404);
    expectErrorEnvelope(response.json());
    expect((await call(owner, { url: details(project.id) })).json().data.title).toBe(
      'Board pack automation for a Series C SaaS company',
    );
  });

  it('shows the public pages only once the profile is listed (F14-F17)', async () => {
    const session = await withServiceDetails({ verified: true });
    const userId = session.account.user.id;
    const project = await addProject(session);
    await send(session, 'PUT', ABOUT, {
      headline: 'NetSuite and FP&A consultant for SaaS finance teams',
      about: 'I help finance teams at growing SaaS companies close faster and plan with confidence, nine years in.',
      hourlyRate: { amount: 95, currency: 'USD' },
      yearsOfExperience: 9,
      availability: 'part-time',
    });

    const personal = await send(session, 'PUT', PERSONAL, {
      firstname: 'Maya',
      lastname: 'Okafor',
      phone: null,
      country: 'GB',
      state: 'ENG',
      city: 'Leeds',
      timezone: 'Europe/London',
    });
    expect(personal.statusCode).toBe(200);

    const hidden = await app().inject({ url: publicProfile(userId) });
    expect(hidden.statusCode).toBe(404);
    expect((await call(session, { url: publicProfile(userId) })).statusCode).toBe(404);
    expect((await app().inject({ url: publicServices(userId) })).statusCode).toBe(404);
    expect((await app().inject({ url: publicProject(userId, project.id) })).statusCode).toBe(404);

    const [avatar] = await app()
      .db.insert(uploads)
      .values({
        ownerId: userId,
        purpose: 'avatar',
        name: 'me.webp',
        contentType: 'image/webp',
        size: 10,
        storageKey: `avatar/${userId}`,
      })
      .returning();
    await app().db.update(profiles).set({ imageId: avatar!.id }).where(eq(profiles.userId, userId));
    await refreshListing(app().db, userId);

    const shown = await app().inject({ url: publicProfile(userId) });
    const profile = expectContractResponse('getPublicFreelancerProfile', shown, 200).data;
    expect(profile).toMatchObject({
      id: userId,
      headline: 'NetSuite and FP&A consultant for SaaS finance teams',
      primaryService: { slug: 'finance-transformation' },
      otherServices: [{ slug: 'data-and-analytics' }],
      projectCount: 2,
      rating: { average: null, count: 0 },
      profileUrl: `/freelancer/${userId}/`,
      // Names, not codes: "Leeds, England", never "ENG".
      city: 'Leeds',
      stateName: 'England',
      countryName: 'United Kingdom',
    });
    expect(profile.displayName).toMatch(/^Maya O\.$/);
    expect(profile).not.toHaveProperty('completionScore');
    expect(shown.headers['cache-control']).toMatch(/^public/);
    const own = expectContractResponse(
      'getPublicFreelancerProfile',
      await call(session, { url: publicProfile(userId) }),
      200,
    );
    expect(own.data.completionScore).toEqual(expect.any(Number));

    const services = expectContractResponse(
      'listPublicFreelancerServices',
      await app().inject({ url: publicServices(userId) }),
      200,
    );
    expect(services.data.map((service: { service: { slug: string } }) => service.service.slug)).toEqual([
      'finance-transformation',
    ]);
    expect(services.data[0].coverImageUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\/close\.png$/);

    const projects = await app().inject({ url: publicProjects(userId, 'finance-transformation') });
    expect(expectContractResponse('listPublicFreelancerProjects', projects, 200).data.pagination.total).toBe(1);
    // The other service has a project but no details yet: not on the public pages.
    expect((await app().inject({ url: publicProjects(userId, 'data-and-analytics') })).statusCode).toBe(404);
    expect((await app().inject({ url: publicProjects(userId, 'nothing-like-this') })).statusCode).toBe(400);

    const detail = await app().inject({ url: publicProject(userId, project.id) });
    const body = expectContractResponse('getPublicFreelancerProject', detail, 200).data;
    expect(body.freelancer).toMatchObject({ id: userId, accountType: 'freelancer', companyId: null });

    const stranger = await withServiceDetails();
    const theirs = await addProject(stranger);
    expect((await app().inject({ url: publicProject(userId, theirs.id) })).statusCode).toBe(404);
  });
});
