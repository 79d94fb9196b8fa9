import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { serviceRequests } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { insertUser } from '../../src/server/modules/auth/queries';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import { RATE_LIMITS } from '../../src/server/plugins/rate-limits';
import { expectContractResponse } from './contract-responses';
import { listedBusiness, listedFreelancer, type BusinessFixture, type FreelancerFixture } from './provider-fixtures';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  expectErrorEnvelope,
  randomAddress,
  signedInSession,
  signedSession,
  uniqueEmail,
  type SignedSession,
  type TestApp,
} from './helpers';

type Schemas = components['schemas'];
type SearchData = Schemas['WebsiteSearchResponse']['data'];

const forms = requestForms();
const ANALYTICS = 'requests/data-and-analytics-business';
const MOBILE = 'requests/mobile-app';

/** A form's first valid example as the create call's body, under another title and budget. */
function requestBody(formId: string, title: string, budget?: Record<string, unknown>) {
  const form = forms.get(formId)!;
  const data = JSON.parse(
    readFileSync(join(FORMS_DIR, form.entry.path, 'examples', 'valid-complete.json'), 'utf8'),
  ) as JsonSchema;
  const submission = submissionOf(form.entry.envelopeFields, data) as { answers: JsonSchema; title: string };
  if (budget) submission.answers.budget = budget;
  delete (submission as { attachments?: unknown }).attachments;
  return {
    family: form.entry.family as Schemas['CatalogueServiceFamilySlug'],
    subFamily: form.entry.subFamily,
    formId: form.entry.id,
    ...submission,
    title,
  } as Schemas['ServiceRequestCreateInput'];
}

describe.each(databaseKinds)('the site-wide search, W03 (%s)', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let visitor: SignedSession;
  const ids: Record<string, string> = {};

  /** A freelancer with a listed profile unless the fixture says otherwise. */
  async function person(key: string, firstname: string, lastname: string, fixture: FreelancerFixture = {}) {
    ids[key] = (await listedFreelancer(app, { firstname, lastname, ...fixture })).user.id;
  }

  /** A business with a listed profile unless the fixture says otherwise. */
  async function company(key: string, companyname: string, companyId: string, fixture: BusinessFixture = {}) {
    ids[key] = (await listedBusiness(app, { companyname, companyId, ...fixture })).user.id;
  }

  /** A verified account that never started its profile. */
  async function account(key: string, names: { firstname: string; lastname: string }) {
    const user = await insertUser(app.db, {
      accountType: 'freelancer',
      email: uniqueEmail('freelancer'),
      passwordHash: null,
      ...names,
      emailVerifiedAt: new Date(),
    });
    ids[key] = user.id;
  }

  async function job(key: string, clientId: string, formId: string, title: string, budget?: Record<string, unknown>) {
    const { request } = await serviceRequestService(app).create(clientId, requestBody(formId, title, budget));
    ids[key] = request.refId;
    return request;
  }

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    app = testApp.app;
    visitor = await signedSession(app);
    const owner = await createAccount(app, 'client', { verified: true });
    // Posted in this order: the newest is last.
    await job('dashboards', owner.user.id, ANALYTICS, 'Power BI sales dashboards for a wholesale distributor', {
      type: 'fixed',
      min: 10000,
      max: 25000,
      currency: 'USD',
    });
    await job('reporting', owner.user.id, ANALYTICS, 'NetSuite to Power BI reporting for a 3-entity group', {
      type: 'hourly',
      max: 140,
      currency: 'EUR',
    });
    await job('undecided', owner.user.id, MOBILE, 'Power meter app for field engineers', {
      type: 'not-sure',
      currency: 'USD',
    });
    await job('fitness', owner.user.id, MOBILE, 'iOS app for booking fitness classes');
    const closed = await job('closed', owner.user.id, MOBILE, 'Power washing booking app');
    await app.db.update(serviceRequests).set({ status: 'closed' }).where(eq(serviceRequests.id, closed.id));

    await person('jose', 'José', 'Müller', { headline: 'Interim controller for family businesses' });
    await person('lukasz', 'Łukasz', 'Nowak');
    await person('maya', 'Maya', 'Okafor', { headline: 'Flutter developer for startups', family: 'mobile-app' });
    await person('joseph', 'Joseph', 'Power', {
      tagline: 'Power Query and Excel automation for finance teams',
      family: 'data-and-analytics',
      subFamilies: ['data-and-analytics/business'],
      place: { country: 'GB', state: null, city: 'London' },
    });
    // Not listed: an unverified email, a profile without its image, no profile at all.
    await person('hidden', 'José', 'Hidden', { verified: false });
    await person('draft', 'José', 'Draft', { image: false });
    await person('mia', 'Mia', 'Okafor', { image: false });
    await account('plain', { firstname: 'Zofia', lastname: 'Plain' });
    await company('northwind', 'Northwind Analytics', 'northwind-analytics', {
      tagline: 'Lakehouse and dashboard teams for retailers.',
    });
    await company('societe', 'Société Générale Conseil', 'societe-generale-conseil', {
      services: ['finance-transformation/enterprise', 'data-and-analytics', 'data-and-analytics/business'],
      locations: [{ country: 'FR', state: null, city: 'Lyon' }],
    });
    await company('power', 'Power Partners', 'power-partners', {
      locations: [
        { country: 'GB', state: null, city: 'Leeds' },
        { country: 'US', state: 'NY', city: 'New York' },
      ],
    });
    // Not listed: an unverified email, onboarding not complete.
    await company('shadow', 'Northwind Shadow', 'northwind-shadow', { verified: false });
    await company('drafts', 'Northwind Drafts', 'northwind-drafts', { complete: false });
  });
  afterAll(() => testApp.close());

  const ask = (payload: object, session: SignedSession = visitor, remoteAddress = randomAddress()) =>
    app.inject({ method: 'POST', url: '/api/website/search/', headers: session.headers, payload, remoteAddress });

  async function search(payload: Record<string, unknown>, session?: SignedSession): Promise<SearchData> {
    const response = await ask(payload, session);
    const body = expectContractResponse('searchWebsite', response, 200) as Schemas['WebsiteSearchResponse'];
    expect(response.headers['cache-control']).toBe('no-store');
    return body.data;
  }

  const jobTitles = (data: SearchData) => data.jobs!.items.map((item) => item.title);
  const names = (data: SearchData) => data.professionals!.items.map((item) => item.displayName);
  const companies = (data: SearchData) => data.businesses!.items.map((item) => item.name);

  it('answers every group for a word: open jobs, listed professionals and businesses', async () => {
    const data = await search({ q: '  Power  ' });
    expect(data.q).toBe('Power');
    expect(jobTitles(data).sort()).toEqual([
      'NetSuite to Power BI reporting for a 3-entity group',
      'Power BI sales dashboards for a wholesale distributor',
      'Power meter app for field engineers',
    ]);
    expect(data.jobs!.total).toBe(3);
    expect(names(data)).toEqual(['Joseph Power']);
    expect(companies(data)).toEqual(['Power Partners']);
    expect(data.professionals!.items[0]).toEqual({
      id: ids.joseph,
      displayName: 'Joseph Power',
      tagline: 'Power Query and Excel automation for finance teams',
      avatarUrl: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\/avatar\.webp$/),
      primaryService: { slug: 'data-and-analytics', name: 'Data and Analytics' },
      country: 'GB',
    });
    expect(data.businesses!.items[0]).toEqual({
      companyId: 'power-partners',
      name: 'Power Partners',
      logoUrl: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\/business-logo\.webp$/),
      tagline: 'Finance and data teams on demand for mid-market companies.',
      services: [{ slug: 'finance-transformation/fp-and-a-revolution', name: 'FP&A Revolution' }],
      // The headquarters' country, the first office.
      country: 'GB',
    });
  });

  it('shows a professional without a tagline with the headline, and no country without a place', async () => {
    const data = await search({ q: 'müller', types: ['professionals'] });
    expect(data.professionals!.items).toEqual([
      {
        id: ids.jose,
        displayName: 'José Müller',
        tagline: 'Interim controller for family businesses',
        avatarUrl: expect.stringMatching(/^\/api\/uploads\//),
        primaryService: { slug: 'finance-transformation', name: 'Finance Transformation' },
        country: null,
      },
    ]);
  });

  it('shows a business with its services in its own order, families and sub-families', async () => {
    const data = await search({ q: 'societe', types: ['businesses'] });
    expect(data.businesses!.items).toEqual([
      expect.objectContaining({
        companyId: 'societe-generale-conseil',
        name: 'Société Générale Conseil',
        services: [
          { slug: 'finance-transformation/enterprise', name: 'Enterprise Solutions' },
          { slug: 'data-and-analytics', name: 'Data and Analytics' },
          { slug: 'data-and-analytics/business', name: 'Business Analytics' },
        ],
        country: 'FR',
      }),
    ]);
  });

  it('finds profiles by the words of their tagline, headline and services, name matches first', async () => {
    const businesses = (q: string) => search({ q, types: ['businesses'] }).then(companies);
    const professionals = (q: string) => search({ q, types: ['professionals'] }).then(names);
    expect(await businesses('lakehouse')).toEqual(['Northwind Analytics']);
    expect(await businesses('retail dashboard')).toEqual(['Northwind Analytics']);
    expect(await businesses('enterprise solutions')).toEqual(['Société Générale Conseil']);
    expect(await businesses('fp&a revolution')).toEqual(['Northwind Analytics', 'Power Partners']);
    expect(await professionals('flutter')).toEqual(['Maya Okafor']);
    expect(await professionals('excel automation')).toEqual(['Joseph Power']);
    expect(await professionals('business analytics')).toEqual(['Joseph Power']);
    // The company named Power before the one whose tagline says it.
    expect(await businesses('power')).toEqual(['Power Partners']);
    const powered = await search({ q: 'power', types: ['professionals'] });
    expect(names(powered)).toEqual(['Joseph Power']);
  });

  it('shows a job with its family, its budget as posted and when it was posted', async () => {
    const data = await search({ q: 'power bi', types: ['jobs'] });
    expect(data.jobs!.total).toBe(2);
    const dashboards = data.jobs!.items.find((item) => item.refId === ids.dashboards);
    const reporting = data.jobs!.items.find((item) => item.refId === ids.reporting);
    expect(dashboards).toMatchObject({
      refId: ids.dashboards,
      family: { slug: 'data-and-analytics', name: 'Data and Analytics' },
      budget: { type: 'fixed', min: 10000, max: 25000, currency: 'USD' },
    });
    expect(Date.parse(dashboards!.postedAt)).toBeLessThanOrEqual(Date.now());
    // "Up to 140 an hour" reads as from 0; an undecided budget is no budget.
    expect(reporting!.budget).toEqual({ type: 'hourly', min: 0, max: 140, currency: 'EUR' });
    const meter = await search({ q: 'meter', types: ['jobs'] });
    expect(meter.jobs!.items[0]!.budget).toBeNull();
  });

  it('finds jobs by word prefix, without accents, and through a typo', async () => {
    expect(jobTitles(await search({ q: 'dash', types: ['jobs'] }))).toEqual([
      'Power BI sales dashboards for a wholesale distributor',
    ]);
    expect(jobTitles(await search({ q: 'PÓWER dashbóards', types: ['jobs'] }))).toEqual([
      'Power BI sales dashboards for a wholesale distributor',
    ]);
    expect(jobTitles(await search({ q: 'fitnes clases', types: ['jobs'] }))).toEqual([
      'iOS app for booking fitness classes',
    ]);
    expect(jobTitles(await search({ q: 'zzqx', types: ['jobs'] }))).toEqual([]);
  });

  it('never lists a closed request', async () => {
    const data = await search({ q: 'washing', types: ['jobs'] });
    expect(data.jobs).toEqual({ items: [], total: 0 });
    expect(jobTitles(await search({ q: 'power', types: ['jobs'], limit: 20 }))).not.toContain(
      'Power washing booking app',
    );
  });

  it('finds professionals by first or last name prefix, any case or accent, and through a typo', async () => {
    const professionals = (q: string) => search({ q, types: ['professionals'] }).then(names);
    expect(await professionals('jos')).toEqual(['José Müller', 'Joseph Power']);
    expect(await professionals('JOSE mull')).toEqual(['José Müller']);
    expect(await professionals('müller')).toEqual(['José Müller']);
    expect(await professionals('lukasz')).toEqual(['Łukasz Nowak']);
    expect(await professionals('Łukasz nowak')).toEqual(['Łukasz Nowak']);
    expect(await professionals('okafr')).toEqual(['Maya Okafor']);
    expect(await professionals('northwind')).toEqual([]);
  });

  it('finds businesses by company name prefix, any case or accent, and through a typo', async () => {
    const businesses = (q: string) => search({ q, types: ['businesses'] }).then(companies);
    expect(await businesses('north')).toEqual(['Northwind Analytics']);
    expect(await businesses('générale')).toEqual(['Société Générale Conseil']);
    expect(await businesses('societe gen')).toEqual(['Société Générale Conseil']);
    expect(await businesses('SOCIÉTÉ')).toEqual(['Société Générale Conseil']);
    expect(await businesses('northwnd')).toEqual(['Northwind Analytics']);
    expect(await businesses('maya')).toEqual([]);
  });

  it('leaves out profiles that are not listed: unverified, onboarding not complete, no profile', async () => {
    const nothing = { items: [], total: 0 };
    for (const q of ['hidden', 'draft', 'zofia', 'plain', 'mia']) {
      expect((await search({ q, types: ['professionals'] })).professionals).toEqual(nothing);
    }
    for (const q of ['shadow', 'drafts']) {
      expect((await search({ q, types: ['businesses'] })).businesses).toEqual(nothing);
    }
    // The whole name first, then the one it starts.
    const people = await search({ q: 'josé', types: ['professionals'], limit: 20 });
    expect(names(people)).toEqual(['José Müller', 'Joseph Power']);
    const northwind = await search({ q: 'northwind', types: ['businesses'], limit: 20 });
    expect(northwind.businesses).toEqual({
      items: [expect.objectContaining({ name: 'Northwind Analytics' })],
      total: 1,
    });
  });

  it('finds only listed profiles through a typo', async () => {
    // Mia Okafor and the other Northwinds are as close to the typo, but not listed.
    const people = await search({ q: 'okafr', types: ['professionals'] });
    expect(people.professionals).toEqual({ items: [expect.objectContaining({ id: ids.maya })], total: 1 });
    const firms = await search({ q: 'northwnd', types: ['businesses'] });
    expect(firms.businesses).toEqual({ items: [expect.objectContaining({ name: 'Northwind Analytics' })], total: 1 });
    expect((await search({ q: 'zofa plan', types: ['professionals'] })).professionals).toEqual({
      items: [],
      total: 0,
    });
  });

  it('answers only the groups asked for; the others are null', async () => {
    const data = await search({ q: 'power', types: ['businesses'] });
    expect(data.jobs).toBeNull();
    expect(data.professionals).toBeNull();
    expect(companies(data)).toEqual(['Power Partners']);
    const two = await search({ q: 'power', types: ['jobs', 'professionals'] });
    expect(two.businesses).toBeNull();
    expect(two.jobs!.total).toBe(3);
    expect(names(two)).toEqual(['Joseph Power']);
  });

  it('gives at most `limit` items per group with the total of every match', async () => {
    const data = await search({ q: 'power', limit: 1 });
    expect(data.jobs!.items).toHaveLength(1);
    expect(data.jobs!.total).toBe(3);
    const people = await search({ q: 'jos', types: ['professionals'], limit: 1 });
    expect(names(people)).toEqual(['José Müller']);
    expect(people.professionals!.total).toBe(2);
    // Every listed business says "finance teams"; the two unlisted ones do too.
    const firms = await search({ q: 'finance teams', types: ['businesses'], limit: 2 });
    expect(firms.businesses!.items).toHaveLength(2);
    expect(firms.businesses!.total).toBe(3);
    // Five a group when not told.
    for (let i = 0; i < 6; i += 1) await person(`many${i}`, 'Quentin', `Many ${i}`);
    const many = await search({ q: 'quentin', types: ['professionals'] });
    expect(many.professionals!.items).toHaveLength(5);
    expect(many.professionals!.total).toBe(6);
  });

  it('answers clients, freelancers and businesses alike: the job board is public', async () => {
    for (const accountType of ['client', 'freelancer', 'business'] as const) {
      const session = await signedInSession(app, accountType);
      const data = await search({ q: 'power' }, session);
      expect(data.jobs!.total).toBe(3);
      expect(names(data)).toEqual(['Joseph Power']);
      expect(companies(data)).toEqual(['Power Partners']);
    }
  });

  it.each([
    [{ q: ' a ' }, 'q'],
    [{ q: 'a' }, 'q'],
    [{}, 'q'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ q: 42 }, 'q'],
    [{ q: 'power', limit: 0 }, 'limit'],
    [{ q: 'power', limit: 21 }, 'limit'],
    [{ q: 'power', types: [] }, 'types'],
    [{ q: 'power', types: ['jobs', 'jobs'] }, 'types'],
    [{ q: 'power', types: ['clients'] }, 'types.0'],
    [{ q: 'power', page: 2 }, 'page'],
  ])('refuses %j naming %s', async (payload, field) => {
    const response = await ask(payload);
    const body = expectContractResponse('searchWebsite', response, 400);
    expectErrorEnvelope(body);
    expect(body.errors?.map((error) => error.field)).toContain(field);
  });

  it('refuses a call without the CSRF header', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/website/search/',
      headers: { cookie: visitor.cookie },
      payload: { q: 'power' },
    });
    const body = expectContractResponse('searchWebsite', response, 403);
    expect(body.code).toBe('csrf_failed');
  });

  it('is rate-limited per IP with Retry-After; other addresses are unaffected', async () => {
    const address = '203.0.113.31';
    const { points, seconds } = RATE_LIMITS.websiteSearch;
    for (let i = 0; i < points; i += 1) {
      expect((await ask({ q: 'north', types: ['businesses'], limit: 1 }, visitor, address)).statusCode).toBe(200);
    }
    const blocked = await ask({ q: 'north' }, visitor, address);
    const body = expectContractResponse('searchWebsite', blocked, 429);
    expect(body.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
    expect((await ask({ q: 'north' }, visitor, '203.0.113.32')).statusCode).toBe(200);
  });
});
