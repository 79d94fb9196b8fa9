import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { serviceRequestWords, serviceRequests } from '../../src/server/db/schema';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import * as board from '../../src/server/modules/requests/board';
import { expireLapsed } from '../../src/server/modules/requests/expiry';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import type { components } from '../../src/server/generated/api';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  expectErrorEnvelope,
  signedInSession,
  wordPrefixes,
  type SignedSession,
  type TestApp,
} from './helpers';

type Schemas = components['schemas'];
type Card = Schemas['PublicServiceRequest'];
type SearchData = Schemas['PublicServiceRequestSearchPage']['data'];

const forms = requestForms();

/** A form's first valid example as the create call's body, with `change` applied to its answers. */
function body(formId: string, title: string, change: (answers: JsonSchema) => void = () => {}) {
  const form = forms.get(formId)!;
  const data = JSON.parse(
    readFileSync(join(FORMS_DIR, form.entry.path, 'examples', 'valid-complete.json'), 'utf8'),
  ) as JsonSchema;
  const submission = submissionOf(form.entry.envelopeFields, data) as { answers: JsonSchema; title: string };
  change(submission.answers);
  // The examples name files that only exist where they were written.
  delete (submission as { attachments?: unknown }).attachments;
  return {
    family: form.entry.family as Schemas['CatalogueServiceFamilySlug'],
    subFamily: form.entry.subFamily,
    formId: form.entry.id,
    ...submission,
    title,
  } as Schemas['ServiceRequestCreateInput'];
}

const MOBILE = 'requests/mobile-app';
const ANALYTICS = 'requests/data-and-analytics-business';
const WEB = 'requests/web-design-and-development';

const budget =
  (type: string, min: number | null, max: number | null, currency = 'USD') =>
  (answers: JsonSchema) => {
    answers.budget = { type, currency, ...(min === null ? {} : { min }), ...(max === null ? {} : { max }) };
  };

describe.each(databaseKinds)('the job board (%s)', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let freelancer: SignedSession;
  let client: SignedSession;
  const posted: Record<string, { id: string; refId: string; slug: string }> = {};

  async function post(clientId: string, key: string, input: Schemas['ServiceRequestCreateInput']) {
    const { request } = await serviceRequestService(app)
      .create(clientId, input)
      .catch((error: { errors?: unknown }) => {
        throw new Error(`${key}: ${JSON.stringify(error.errors)}`);
      });
    posted[key] = request;
    return request;
  }

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
    app = testApp.app;
    freelancer = await signedInSession(app, 'freelancer');
    client = await signedInSession(app, 'client');
    const maya = await createAccount(app, 'client');
    const omar = await createAccount(app, 'client');
    // Posted in this order, so "newest" is the reverse.
    await post(maya.user.id, 'fitness', body(MOBILE, 'iOS and Android app for booking fitness classes'));
    await post(
      maya.user.id,
      'delivery',
      body(MOBILE, 'Food delivery app for a restaurant group', budget('fixed', 20000, 40000)),
    );
    await post(omar.user.id, 'powerbi', body(ANALYTICS, 'Power BI sales dashboards for a wholesale distributor'));
    await post(
      omar.user.id,
      'euro',
      body(ANALYTICS, 'Inventory forecasting for a Dutch retailer', (answers) => {
        budget('fixed', 5000, 9000, 'EUR')(answers);
        answers.projectDuration = 'one-to-four-weeks';
        answers.paymentType = 'fixed-price';
      }),
    );
    await post(
      omar.user.id,
      'unsure',
      body(WEB, 'Shopify store redesign for a home goods brand', budget('not-sure', null, null)),
    );
  });
  afterAll(() => testApp.close());

  const search = async (path: string, session?: SignedSession) => {
    const response = await app.inject({
      url: `/api/service/public/requests/${path}`,
      headers: session ? { cookie: session.cookie } : {},
    });
    return response;
  };
  const found = async (path: string, session?: SignedSession) => {
    const response = await search(path, session);
    expect(response.statusCode, response.body).toBe(200);
    expectContractResponse('searchPublicServiceRequests', response);
    return (response.json() as { data: SearchData }).data;
  };
  const titles = (data: { items: Card[] }) => data.items.map((item) => item.title);
  const expectBadQuery = async (path: string, field: string) => {
    const response = await search(path);
    expect(response.statusCode, response.body).toBe(400);
    const envelope = response.json();
    expectErrorEnvelope(envelope);
    expect(envelope.errors!.map((error) => error.field)).toContain(field);
  };

  it('lists every public request newest first, with counts per family in catalogue order', async () => {
    const data = await found('all');
    expect(titles(data)).toEqual([
      'Shopify store redesign for a home goods brand',
      'Inventory forecasting for a Dutch retailer',
      'Power BI sales dashboards for a wholesale distributor',
      'Food delivery app for a restaurant group',
      'iOS and Android app for booking fitness classes',
    ]);
    expect(data.pagination).toEqual({ page: 1, pageSize: 20, total: 5, totalPages: 1 });
    expect(data.facets.families.map((family) => [family.slug, family.count])).toEqual([
      ['web-design-and-development', 1],
      ['mobile-app', 2],
      ['data-and-analytics', 2],
      ['software-development', 0],
      ['finance-transformation', 0],
      ['machine-learning-and-ai', 0],
    ]);
  });

  it('tells visitors nothing about the client but country, age and record', async () => {
    const data = await found('all');
    const card = data.items.find((item) => item.refId === posted.powerbi!.refId)!;
    expect(card.client).toMatchObject({ country: null, requestsPosted: 3, requestsAwarded: 0 });
    expect(Object.keys(card.client).sort()).toEqual(['country', 'memberSince', 'requestsAwarded', 'requestsPosted']);
    // A text search reads its page by id, each client's facts in the same statement: the same facts.
    const searched = (await found('power%20bi')).items.find((item) => item.refId === posted.powerbi!.refId)!;
    expect(searched.client).toEqual(card.client);
    expect(card.viewer).toBeNull();
    expect(JSON.stringify(card)).not.toContain('Harbor Supply');
    expect(card.tools.length).toBeGreaterThan(0);
  });

  it('finds requests by word prefixes of the title, summary, family and tool names', async () => {
    expect(titles(await found('fitness'))).toEqual(['iOS and Android app for booking fitness classes']);
    expect(titles(await found('pow%20bi'))).toEqual(['Power BI sales dashboards for a wholesale distributor']);
    // "Mobile App" is the family's name; neither title says it.
    expect(titles(await found('mobile?sort=oldest'))).toEqual([
      'iOS and Android app for booking fitness classes',
      'Food delivery app for a restaurant group',
    ]);
    // Accents and case do not matter; query syntax is only text.
    expect(titles(await found('F%C3%8FTNESS'))).toEqual(['iOS and Android app for booking fitness classes']);
    const syntax = await found(encodeURIComponent("fitness & !(x) | 'y:*"));
    expect(titles(syntax).every((title) => title.includes('fitness'))).toBe(true);
  });

  it('forgives a typo when the words match nothing', async () => {
    expect(titles(await found('shopfy'))).toEqual(['Shopify store redesign for a home goods brand']);
    expect(titles(await found('inventroy%20forecasting'))).toEqual(['Inventory forecasting for a Dutch retailer']);
    expect((await found('xylophone')).items).toEqual([]);
  });

  it('ranks by relevance with text: a title match before a summary or tool match', async () => {
    const data = await found('dashboards');
    expect(titles(data)[0]).toBe('Power BI sales dashboards for a wholesale distributor');
  });

  it('filters by family and sub-family, counting every family across them', async () => {
    const data = await found('all?family=mobile-app');
    expect(titles(data)).toEqual([
      'Food delivery app for a restaurant group',
      'iOS and Android app for booking fitness classes',
    ]);
    expect(data.pagination.total).toBe(2);
    expect(data.facets.families.find((f) => f.slug === 'data-and-analytics')!.count).toBe(2);
    const business = await found('all?family=data-and-analytics&subFamily=business');
    expect(business.pagination.total).toBe(2);
    expect((await found('all?family=data-and-analytics&subFamily=personal')).items).toEqual([]);
    await expectBadQuery('all?subFamily=business', 'query.subFamily');
    await expectBadQuery('all?family=mobile-app&subFamily=business', 'query.subFamily');
    await expectBadQuery('all?family=cooking', 'query.family');
  });

  it('filters budgets by overlap after converting currencies; undecided budgets drop out', async () => {
    // The EUR 5,000-9,000 request is about USD 5,400-9,800.
    expect(titles(await found('all?budgetMin=9500&budgetMax=9900'))).toEqual([
      'Inventory forecasting for a Dutch retailer',
    ]);
    const over = await found('all?budgetMin=15000');
    expect(titles(over)).toEqual([
      'Power BI sales dashboards for a wholesale distributor',
      'Food delivery app for a restaurant group',
    ]);
    // The same bound in euros (EUR 15,000 = USD 16,300) keeps the same two.
    expect(titles(await found('all?budgetMin=15000&currency=EUR'))).toEqual(titles(over));
    expect(titles(await found('all?budgetMax=100000000'))).not.toContain(
      'Shopify store redesign for a home goods brand',
    );
    await expectBadQuery('all?budgetMin=10&budgetMax=5', 'query.budgetMin');
    await expectBadQuery('all?budgetMin=-1', 'query.budgetMin');
  });

  it('filters by duration and payment type from their catalogue lists', async () => {
    expect(titles(await found('all?projectDuration=one-to-four-weeks'))).toEqual([
      'Inventory forecasting for a Dutch retailer',
    ]);
    expect(titles(await found('all?paymentType=fixed-price'))).toEqual(['Inventory forecasting for a Dutch retailer']);
    await expectBadQuery('all?projectDuration=forever', 'query.projectDuration');
    await expectBadQuery('all?paymentType=in-kind', 'query.paymentType');
  });

  it('sorts by budget (in USD, without amounts last), oldest, and pages without overlap', async () => {
    expect(titles(await found('all?sort=budget-high'))).toEqual([
      'Food delivery app for a restaurant group',
      'Power BI sales dashboards for a wholesale distributor',
      'Inventory forecasting for a Dutch retailer',
      'iOS and Android app for booking fitness classes',
      'Shopify store redesign for a home goods brand',
    ]);
    expect(titles(await found('all?sort=budget-low')).slice(0, 2)).toEqual([
      'iOS and Android app for booking fitness classes',
      'Inventory forecasting for a Dutch retailer',
    ]);
    const first = await found('all?sort=oldest&pageSize=2&page=1');
    const second = await found('all?sort=oldest&pageSize=2&page=2');
    const third = await found('all?sort=oldest&pageSize=2&page=3');
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect([...titles(first), ...titles(second), ...titles(third)]).toEqual([...titles(await found('all'))].reverse());
    expect((await found('all?page=9')).items).toEqual([]);
  });

  it('keeps only requests posted within the window', async () => {
    const owner = await createAccount(app, 'client');
    const old = await post(owner.user.id, 'old', body(MOBILE, 'Loyalty card app for a coffee chain'));
    await app.db
      .update(serviceRequests)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(serviceRequests.id, old.id));
    expect(titles(await found('loyalty'))).toEqual(['Loyalty card app for a coffee chain']);
    expect((await found('loyalty?postedWithin=7d')).items).toEqual([]);
    expect(titles(await found('loyalty?postedWithin=30d'))).toEqual(['Loyalty card app for a coffee chain']);
    await expectBadQuery('all?postedWithin=1y', 'query.postedWithin');
  });

  it('drops requests that are closed, awarded or past their closing time, from search and detail', async () => {
    const owner = await createAccount(app, 'client');
    const closed = await post(owner.user.id, 'closed', body(MOBILE, 'Parking app for a city council'));
    const lapsed = await post(owner.user.id, 'lapsed', body(MOBILE, 'Parking meter app for a car park'));
    expect((await found('parking')).items).toHaveLength(2);
    await app.db.update(serviceRequests).set({ status: 'awarded' }).where(eq(serviceRequests.id, closed.id));
    await app.db
      .update(serviceRequests)
      .set({ closesAt: sql`now() - interval '1 minute'` })
      .where(eq(serviceRequests.id, lapsed.id));
    // Written beside the app, not through it: wait, as a writing call does, until the commits' notifications
    // have emptied the answers this process keeps (the same search was answered above).
    await app.caches.sync();
    expect((await found('parking')).items).toEqual([]);
    for (const request of [closed, lapsed]) {
      const response = await app.inject({ url: `/api/service/public/request/${request.refId}/${request.slug}` });
      expect(response.statusCode).toBe(404);
      expectContractResponse('getPublicServiceRequest', response);
    }
  });

  it('marks lapsed requests expired, as the client then sees them', async () => {
    const owner = await createAccount(app, 'client');
    const lapsed = await post(owner.user.id, 'expiring', body(MOBILE, 'Museum guide app for a summer season'));
    const open = await post(owner.user.id, 'staying', body(MOBILE, 'Museum ticket app for the whole year'));
    await app.db
      .update(serviceRequests)
      .set({ closesAt: sql`now() - interval '1 second'` })
      .where(eq(serviceRequests.id, lapsed.id));
    // Earlier tests left a lapsed request too.
    expect((await expireLapsed(app, new Date())).expired).toBeGreaterThanOrEqual(1);
    const rows = await app.db
      .select({ id: serviceRequests.id, status: serviceRequests.status, closesAt: serviceRequests.closesAt })
      .from(serviceRequests)
      .where(sql`${serviceRequests.id} in (${lapsed.id}, ${open.id})`);
    expect(rows.find((row) => row.id === lapsed.id)).toMatchObject({ status: 'expired', closesAt: null });
    expect(rows.find((row) => row.id === open.id)).toMatchObject({ status: 'open' });
    // Idempotent: a second run (another process) finds nothing left to do.
    expect(await expireLapsed(app, new Date())).toEqual({ expired: 0, failed: 0 });
    expect(titles(await found('museum'))).toEqual(['Museum ticket app for the whole year']);
  });

  it('shows a job with its answers, leaving out private fields and, for visitors, the files', async () => {
    const { refId, slug } = posted.powerbi!;
    const response = await app.inject({ url: `/api/service/public/request/${refId}/${slug}` });
    expect(response.statusCode, response.body).toBe(200);
    expectContractResponse('getPublicServiceRequest', response);
    const job = (response.json() as { data: Schemas['PublicServiceRequestDetail'] }).data;
    expect(job).toMatchObject({ refId, formId: ANALYTICS, attachments: [], viewer: null });
    expect(job.answers).toMatchObject({ industry: 'logistics-and-transportation', businessSize: '51-200' });
    expect(job.answers).not.toHaveProperty('companyName');
    expect(job.hiringDecision?.slug).toBe('within-two-weeks');
    // Any slug reads the same job: it is only there for readable links.
    const other = await app.inject({ url: `/api/service/public/request/${refId}/anything` });
    expect(other.json().data.id).toBe(job.id);
  });

  it('tells a signed-in provider where they stand on each job', async () => {
    const { refId, slug } = posted.fitness!;
    const response = await app.inject({
      url: `/api/service/public/request/${refId}/${slug}`,
      headers: { cookie: freelancer.cookie },
    });
    expect(response.json().data.viewer).toEqual({ myProposalId: null, invited: false });
    expect(response.headers['cache-control']).toContain('no-store');
    const card = (await found('fitness', freelancer)).items[0]!;
    expect(card.viewer).toEqual({ myProposalId: null, invited: false });
  });

  it('shows a client their own job as providers see it, with its files, and refuses them anyone else’s', async () => {
    const owner = await signedInSession(app, 'client');
    const own = await post(owner.account.user.id, 'own', body(MOBILE, 'Yoga studio app with class passes'));
    const url = `/api/service/public/request/${own.refId}/${own.slug}`;
    const response = await app.inject({ url, headers: { cookie: owner.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expectContractResponse('getPublicServiceRequest', response);
    const job = (response.json() as { data: Schemas['PublicServiceRequestDetail'] }).data;
    expect(job).toMatchObject({ id: own.id, refId: own.refId, viewer: null, attachments: [] });
    expect(response.headers['cache-control']).toContain('no-store');
    // Another client: 403 with the envelope, whether the job is theirs to see or not.
    const other = await app.inject({ url, headers: { cookie: client.cookie } });
    expect(other.statusCode).toBe(403);
    expectErrorEnvelope(other.json());
    expectContractResponse('getPublicServiceRequest', other);
    // The owner's own job stays 404 once it is no longer public, like for everyone.
    await app.db.update(serviceRequests).set({ status: 'closed' }).where(eq(serviceRequests.id, own.id));
    expect((await app.inject({ url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('refuses clients the board and answers unknown or malformed references plainly', async () => {
    const forbidden = await search('all', client);
    expect(forbidden.statusCode).toBe(403);
    expectErrorEnvelope(forbidden.json());
    const detail = await app.inject({
      url: `/api/service/public/request/${posted.fitness!.refId}/x`,
      headers: { cookie: client.cookie },
    });
    expect(detail.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/service/public/request/VR-ZZZZZZZZ/x' })).statusCode).toBe(404);
    const malformed = await app.inject({ url: '/api/service/public/request/not-a-ref/x' });
    expect(malformed.statusCode).toBe(400);
    expectErrorEnvelope(malformed.json());
    await expectBadQuery(`${'a'.repeat(201)}`, 'path.query');
  });

  it('lists the requests a provider can answer, narrowed by family and text', async () => {
    const list = async (query: string) => {
      const response = await app.inject({
        url: `/api/service/non-client/request/all/${query}`,
        headers: { cookie: freelancer.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expectContractResponse('listProviderServiceRequests', response);
      return (response.json() as { data: { items: Card[]; pagination: Schemas['Pagination'] } }).data;
    };
    const mobile = await list('?family=mobile-app');
    // Other tests add mobile requests of their own; every one listed is a mobile app request.
    expect(mobile.items.every((item) => item.family.slug === 'mobile-app')).toBe(true);
    expect(titles(mobile)).toEqual(
      expect.arrayContaining([
        'Food delivery app for a restaurant group',
        'iOS and Android app for booking fitness classes',
      ]),
    );
    const delivery = await list('?q=delivery');
    expect(titles(delivery)).toEqual(['Food delivery app for a restaurant group']);
    expect(mobile.items.every((item) => item.viewer?.invited === false)).toBe(true);
  });

  it("lists only the provider's own service families once the provider has chosen them", async () => {
    const provider = await signedInSession(app, 'freelancer');
    const list = async (query = '') => {
      const response = await app.inject({
        url: `/api/service/non-client/request/all/${query}`,
        headers: { cookie: provider.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { items: Card[]; pagination: Schemas['Pagination'] } }).data;
    };
    const before = await list();
    expect(new Set(before.items.map((item) => item.family.slug)).size).toBeGreaterThan(1);

    const primary = await app.inject({
      method: 'POST',
      url: '/api/account/provider/primary-service/set/',
      headers: provider.headers,
      payload: { serviceSlug: 'mobile-app' },
    });
    expect(primary.statusCode).toBe(200);
    const mine = await list();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item) => item.family.slug === 'mobile-app')).toBe(true);
    expect(mine.pagination.total).toBe(mine.items.length);
    // A family the provider does not offer gives an empty page.
    expect((await list('?family=data-and-analytics')).items).toEqual([]);
  });

  it('ranks only the newest matches by relevance, then continues newest first without gaps or repeats', async () => {
    const owner = await createAccount(app, 'client');
    // Five matches of "kiosk"; the two oldest say it in the title (rank higher) but fall outside a window of three.
    for (const title of ['Kiosk app for a museum', 'Kiosk ordering app for a canteen']) {
      await post(owner.user.id, title, body(MOBILE, title));
    }
    for (const title of ['Ordering app for a bakery', 'Ordering app for a florist', 'Ordering app for a deli']) {
      await post(
        owner.user.id,
        title,
        body(MOBILE, title, (answers) => {
          answers.description = 'A kiosk in the shop and an app for pre-orders, with loyalty points.';
        }),
      );
    }
    await app.db
      .update(serviceRequests)
      .set({ searchText: sql`${serviceRequests.searchText} || ' kiosk'` })
      .where(sql`${serviceRequests.title} like 'Ordering app for a %'`);
    const filters = { words: ['kiosk'], now: new Date() };
    const page = (offset: number, limit: number, window: number, walk?: number) =>
      board.listMatching(app.db, filters, 'words', { sort: 'relevance', limit, offset, window, walk });
    const all = (await page(0, 10, 3)).map((row) => row.title);
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
    // Past the window, newest first: the two title matches come last although they rank higher.
    expect(all.slice(3)).toEqual(['Kiosk ordering app for a canteen', 'Kiosk app for a museum']);
    const paged = [...(await page(0, 2, 3)), ...(await page(2, 2, 3)), ...(await page(4, 2, 3))].map((r) => r.title);
    expect(paged).toEqual(all);
    // A walk of the newest requests too short to fill the window gives way to the text index:
    // the same window either way.
    expect((await page(0, 10, 3, 1)).map((row) => row.title)).toEqual(all);
    // With a window that holds them all, the title matches lead.
    expect((await page(0, 2, 1000)).map((row) => row.title)).toEqual([
      'Kiosk ordering app for a canteen',
      'Kiosk app for a museum',
    ]);
  });

  it('continues past the relevance window from its oldest match to the microsecond, whichever index read it', async () => {
    const owner = await createAccount(app, 'client');
    // Three matches of "gazebo" posted within one millisecond: a window of one holds the newest.
    const times = ['2026-11-20 10:00:00.0009+00', '2026-11-20 10:00:00.0005+00', '2026-11-20 10:00:00.0001+00'];
    for (const [index, time] of times.entries()) {
      const title = `Gazebo booking app ${index + 1}`;
      await post(owner.user.id, `gazebo${index}`, body(MOBILE, title));
      await app.db
        .update(serviceRequests)
        .set({ createdAt: sql`${time}::timestamptz` })
        .where(eq(serviceRequests.title, title));
    }
    const expected = ['Gazebo booking app 1', 'Gazebo booking app 2', 'Gazebo booking app 3'];
    const now = new Date();
    const prefixes = await wordPrefixes(app.db, ['gazebo']);
    const { lexemes } = await board.wordMatchFacts(app.db, { words: ['gazebo'], now });
    expect(lexemes).toHaveLength(1);
    const readings: board.BoardFilters[] = [
      // The walk of the newest requests.
      { words: ['gazebo'], now },
      // The text index.
      { words: ['gazebo'], family: 'mobile-app', now },
      // The word index.
      { words: ['gazebo'], family: 'mobile-app', now, prefixes: prefixes! },
      // The word index's lexeme ranges, with and without a filter.
      { words: ['gazebo'], now, prefixes: prefixes!, lexemes: lexemes! },
      { words: ['gazebo'], family: 'mobile-app', now, prefixes: prefixes!, lexemes: lexemes! },
    ];
    for (const filters of readings) {
      const rows = await board.listMatching(app.db, filters, 'words', {
        sort: 'relevance',
        limit: 10,
        offset: 0,
        window: 1,
      });
      expect(
        rows.map((row) => row.title),
        JSON.stringify(filters),
      ).toEqual(expected);
    }
  });

  it('answers counts and the relevance window from the word index exactly as from the text index', async () => {
    // Requests with two lexemes under one prefix (`book`: book, bookkeep, bookshop), taken away after.
    const owner = await createAccount(app, 'client');
    const several = {
      bookshop: 'Bookshop booking app with a loyalty card',
      bookkeeping: 'Bookkeeping dashboards for a bookshop chain',
      booking: 'Booking page for a yoga studio',
    };
    for (const [key, title] of Object.entries(several)) await post(owner.user.id, key, body(WEB, title));
    onTestFinished(async () => {
      for (const key of Object.keys(several)) {
        await app.db.delete(serviceRequests).where(eq(serviceRequests.id, posted[key]!.id));
        delete posted[key];
      }
    });
    const now = new Date();
    const cases: Omit<board.BoardFilters, 'now'>[] = [
      { words: ['book'] },
      { words: ['book'], budgetUsdMin: 1000 },
      { words: ['book', 'app'] },
      { words: ['app'] },
      { words: ['app'], budgetUsdMin: 1000 },
      { words: ['app', 'ordering'], family: 'mobile-app' },
      { words: ['dashboards'], postedSince: new Date(now.getTime() - 86_400_000) },
      { words: ['kiosk'], projectDuration: 'one-to-four-weeks' },
      { words: ['forecast', 'dutch'], budgetUsdMax: 20_000, paymentType: 'fixed-price' },
      { words: ['app', 'for'], families: ['mobile-app', 'web-design-and-development'] },
    ];
    let compared = 0;
    let mostLexemes = 0;
    for (const fields of cases) {
      const filters: board.BoardFilters = { ...fields, now };
      const prefixes = await wordPrefixes(app.db, filters.words);
      expect(prefixes, fields.words.join(' ')).not.toBeNull();
      // The prefixes' ranges joined, and each of their lexemes' ranges merged newest first.
      const facts = await board.wordMatchFacts(app.db, filters);
      expect(facts.prefixes).toEqual(prefixes);
      expect(facts.lexemes, fields.words.join(' ')).not.toBeNull();
      const readings = [
        { ...filters, prefixes: prefixes! },
        { ...filters, prefixes: prefixes!, lexemes: facts.lexemes! },
      ];
      mostLexemes = Math.max(mostLexemes, facts.lexemes!.length);
      const sortCounts = (rows: board.FacetRow[]) =>
        [...rows].sort((a, b) => `${a.family}/${a.subFamily}`.localeCompare(`${b.family}/${b.subFamily}`));
      const counts = sortCounts(await board.countByFamily(app.db, filters, 'words'));
      for (const indexed of readings) {
        const named = JSON.stringify({ ...fields, lexemes: indexed.lexemes });
        expect(sortCounts(await board.countByFamily(app.db, indexed, 'words')), named).toEqual(counts);
        // A window of two, so the rank decides which rows lead and the rest follow newest first.
        for (const window of [2, 1000]) {
          const page = (f: board.BoardFilters) =>
            board.listMatching(app.db, f, 'words', { sort: 'relevance', limit: 50, offset: 0, window, walk: 1 });
          const ids = (await page(filters)).map((row) => row.id);
          expect(
            (await page(indexed)).map((row) => row.id),
            named,
          ).toEqual(ids);
        }
      }
      compared += counts.reduce((sum, row) => sum + row.count, 0);
    }
    // The cases did find requests, so the comparisons compared something, and a prefix covered
    // several lexemes, whose entries were merged and counted one per request.
    expect(compared).toBeGreaterThan(10);
    expect(mostLexemes).toBeGreaterThan(1);
    // A stop word leaves no prefix: the text index answers.
    expect(await wordPrefixes(app.db, ['the'])).toBeNull();
    // Lexemes are kept only when every prefix has some: none are when a word is in no request.
    const unknown = await board.wordMatchFacts(app.db, { words: ['book', 'qzxwv'], now });
    expect(unknown.prefixes).toEqual(['book', 'qzxwv']);
    expect(unknown.lexemes).toBeNull();
  });

  it('keeps the word index in step with the requests: a new title, a closed request, a deleted one', async () => {
    const owner = await createAccount(app, 'client');
    const request = await post(owner.user.id, 'wordindex', body(MOBILE, 'Aquarium monitoring app for a pet shop'));
    const wordsOf = async (id: string) =>
      (
        await app.db
          .select({ lexeme: serviceRequestWords.lexeme })
          .from(serviceRequestWords)
          .where(eq(serviceRequestWords.requestId, id))
      ).map((row) => row.lexeme);
    expect(await wordsOf(request.id)).toContain('aquarium');
    await app.db
      .update(serviceRequests)
      .set({ title: 'Terrarium monitoring app for a pet shop' })
      .where(eq(serviceRequests.id, request.id));
    expect(await wordsOf(request.id)).toContain('terrarium');
    expect(await wordsOf(request.id)).not.toContain('aquarium');
    // A new proposal's count does not rewrite the words (the trigger's condition), and keeps them.
    await app.db.update(serviceRequests).set({ proposalCount: 3 }).where(eq(serviceRequests.id, request.id));
    expect(await wordsOf(request.id)).toContain('terrarium');
    await app.db.update(serviceRequests).set({ status: 'closed' }).where(eq(serviceRequests.id, request.id));
    expect(await wordsOf(request.id)).toEqual([]);
    await app.db.update(serviceRequests).set({ status: 'open' }).where(eq(serviceRequests.id, request.id));
    expect(await wordsOf(request.id)).toContain('terrarium');
    await app.db.delete(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(await wordsOf(request.id)).toEqual([]);
    delete posted.wordindex;
  });

  // Last: it posts a request the tests above do not expect.
  it('counts and finds a request posted after the same searches were answered, at once', async () => {
    const before = await found('all');
    const mobileBefore = before.facets.families.find((family) => family.slug === 'mobile-app')!.count;
    // No request has the word yet: the board falls back to similar words and remembers that.
    expect(titles(await found('zebrafish'))).toEqual([]);
    const other = await createAccount(app, 'client');
    await post(other.user.id, 'zebrafish', body(MOBILE, 'Zebrafish lab tracking app for a research institute'));
    // What a writing call awaits before it answers: this process has applied the commit's notifications.
    await app.caches.sync();
    const after = await found('all');
    expect(after.facets.families.find((family) => family.slug === 'mobile-app')!.count).toBe(mobileBefore + 1);
    expect(titles(await found('zebrafish'))).toEqual(['Zebrafish lab tracking app for a research institute']);
  });
});

describe('posting limits', () => {
  it('lets a client post 10 requests an hour and answers the 11th with 429', async () => {
    const testApp = await buildTestApp('pglite');
    try {
      const session = await signedInSession(testApp.app, 'client');
      const send = (n: number) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/service/request/new/',
          headers: session.headers,
          payload: body(MOBILE, `Booking app number ${n}`),
        });
      for (let n = 1; n <= 10; n++) expect((await send(n)).statusCode).toBe(201);
      const refused = await send(11);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expectErrorEnvelope(refused.json());
      // An invalid submit is not counted and still says what is wrong.
      const invalid = await testApp.app.inject({
        method: 'POST',
        url: '/api/service/request/new/',
        headers: session.headers,
        payload: { ...body(MOBILE, 'Booking app'), answers: {} },
      });
      expect(invalid.statusCode).toBe(400);
      const rows = await testApp.app.db.select({ id: serviceRequests.id }).from(serviceRequests);
      expect(rows).toHaveLength(10);
    } finally {
      await testApp.close();
    }
  });
});
