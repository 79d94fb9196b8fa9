import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractResponse } from './contract-responses';
import { buildTestApp, databaseKinds, expectErrorEnvelope, type TestApp } from './helpers';
import { listedBusiness, listedFreelancer } from './provider-fixtures';

const BUSINESSES = '/api/account/public/business/all/';
const PROFESSIONALS = '/api/account/public/freelancer/all/';

describe.each(databaseKinds)('the business and professionals directories (%s)', (kind) => {
  let testApp: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    const app = testApp.app;
    ids.ledger = (
      await listedBusiness(app, {
        tagline: 'NetSuite implementations for growing SaaS companies.',
        services: ['finance-transformation/enterprise'],
        totalEmployees: '2-9',
        averageHourlyRate: '100-149',
        minimumProjectSize: '10000-plus',
        locations: [{ country: 'US', state: 'CA', city: 'San Diego' }],
      })
    ).user.companyId!;
    const pixel = (
      await listedBusiness(app, {
        tagline: 'Mobile apps for retail brands and cafés, designed and built in Toronto.',
        description: 'Native iOS and Android apps, from first sketch to the app stores, for retailers and restaurants.',
        services: ['mobile-app'],
        totalEmployees: '50-249',
        averageHourlyRate: '150-199',
        minimumProjectSize: '50000-plus',
        locations: [
          { country: 'CA', state: 'ON', city: 'Toronto' },
          { country: 'US', state: 'NY', city: 'New York' },
        ],
      })
    ).user;
    ids.pixel = pixel.companyId!;
    ids.pixelAccount = pixel.id;
    ids.unfinished = (
      await listedBusiness(app, { complete: false, tagline: 'NetSuite partner still onboarding.' })
    ).user.companyId!;
    ids.unverified = (
      await listedBusiness(app, { verified: false, tagline: 'NetSuite partner not yet verified.' })
    ).user.companyId!;

    ids.maya = (
      await listedFreelancer(app, {
        headline: 'NetSuite and FP&A consultant for SaaS finance teams',
        rate: { amount: 95, currency: 'USD' },
        place: { country: 'US', state: 'CA', city: 'San Francisco' },
      })
    ).user.id;
    ids.kenji = (
      await listedFreelancer(app, {
        family: 'mobile-app',
        otherFamilies: ['web-design-and-development'],
        headline: 'Flutter developer for startups',
        about: 'I build cross-platform mobile apps in Flutter and ship them to both stores within weeks.',
        rate: { amount: 40, currency: 'EUR' },
        place: { country: 'DE', state: null, city: 'Berlin' },
      })
    ).user.id;
    ids.noImage = (await listedFreelancer(app, { image: false, headline: 'NetSuite admin without a photo' })).user.id;
  });
  afterAll(() => testApp.close());

  const get = async (url: string, operationId: string) => {
    const response = await testApp.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expectContractResponse(operationId, response);
    return response.json().data as { items: Record<string, unknown>[]; pagination: { total: number } };
  };
  const businesses = async (query = '') =>
    (await get(`${BUSINESSES}${query}`, 'listPublicBusinessProfiles')).items.map((item) => item.companyId);
  const professionals = async (query = '') =>
    (await get(`${PROFESSIONALS}${query}`, 'listPublicFreelancerProfiles')).items.map((item) => item.uid);

  it('lists only verified businesses that finished the five required steps, as complete cards', async () => {
    const data = await get(BUSINESSES, 'listPublicBusinessProfiles');
    expect(data.items.map((item) => item.companyId).sort()).toEqual([ids.ledger, ids.pixel].sort());
    expect(data.pagination.total).toBe(2);
    const pixel = data.items.find((item) => item.companyId === ids.pixel)!;
    expect(pixel).toMatchObject({
      // The owner's account: who the card's Contact button writes to.
      accountId: ids.pixelAccount,
      tagline: 'Mobile apps for retail brands and cafés, designed and built in Toronto.',
      services: [{ slug: 'mobile-app' }],
      headquarters: { country: 'CA', state: 'ON', city: 'Toronto' },
      totalEmployees: { slug: '50-249', label: '50 - 249 employees' },
      averageHourlyRate: { slug: '150-199' },
      rating: { average: null, count: 0 },
    });
    expect(pixel.logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/business-logo\.webp$/);
  });

  it('searches businesses by words as prefixes and filters by service, place and bands', async () => {
    expect(await businesses('?q=netsui')).toEqual([ids.ledger]);
    expect(await businesses('?q=retail%20apps')).toEqual([ids.pixel]);
    // Accents aside, either way round.
    expect(await businesses('?q=cafes')).toEqual([ids.pixel]);
    expect(await businesses('?q=caf%C3%A9s')).toEqual([ids.pixel]);
    expect(await businesses('?q=nothing-like-this')).toEqual([]);
    expect(await businesses('?service=finance-transformation')).toEqual([ids.ledger]);
    expect(await businesses('?service=finance-transformation/enterprise')).toEqual([ids.ledger]);
    expect(await businesses('?service=finance-transformation/fp-and-a-revolution')).toEqual([]);
    expect(await businesses('?country=US&sort=name')).toHaveLength(2);
    expect(await businesses('?country=CA')).toEqual([ids.pixel]);
    expect(await businesses('?country=US&state=NY')).toEqual([ids.pixel]);
    expect(await businesses('?country=US&state=CA')).toEqual([ids.ledger]);
    expect(await businesses('?employees=2-9')).toEqual([ids.ledger]);
    expect(await businesses('?hourlyRate=150-199')).toEqual([ids.pixel]);
    expect(await businesses('?minProjectSize=10000-plus')).toEqual([ids.ledger]);
    expect(await businesses('?service=mobile-app&country=CA&employees=50-249')).toEqual([ids.pixel]);
  });

  it('pages and sorts', async () => {
    const first = await get(`${BUSINESSES}?sort=newest&pageSize=1&page=1`, 'listPublicBusinessProfiles');
    const second = await get(`${BUSINESSES}?sort=newest&pageSize=1&page=2`, 'listPublicBusinessProfiles');
    expect(first.pagination).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect([first.items[0]!.companyId, second.items[0]!.companyId]).toEqual([ids.pixel, ids.ledger]);
    const beyond = await get(`${BUSINESSES}?pageSize=1&page=3`, 'listPublicBusinessProfiles');
    expect(beyond.items).toEqual([]);
  });

  it('lists freelancers with a profile image, filtered by words, service, place and rate in USD', async () => {
    expect((await professionals()).sort()).toEqual([ids.maya, ids.kenji].sort());
    expect(await professionals('?q=flutter')).toEqual([ids.kenji]);
    expect(await professionals('?service=web-design-and-development')).toEqual([ids.kenji]);
    expect(await professionals('?country=US&state=CA')).toEqual([ids.maya]);
    expect(await professionals('?country=DE')).toEqual([ids.kenji]);
    // 40 EUR is about 43 USD at the reference rates.
    expect(await professionals('?maxRate=50')).toEqual([ids.kenji]);
    expect(await professionals('?minRate=50')).toEqual([ids.maya]);
    expect(await professionals('?sort=rate-high')).toEqual([ids.maya, ids.kenji]);
    expect(await professionals('?sort=rate-low')).toEqual([ids.kenji, ids.maya]);
    const data = await get(`${PROFESSIONALS}?q=netsuite`, 'listPublicFreelancerProfiles');
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({
      uid: ids.maya,
      // As the public profile names a freelancer: the first name and the initial of the last.
      displayName: 'Maya O.',
      headline: 'NetSuite and FP&A consultant for SaaS finance teams',
      services: [{ slug: 'finance-transformation', label: 'Finance Transformation' }],
      location: { country: 'US', state: 'CA', city: 'San Francisco' },
      hourlyRate: { amount: 95, currency: 'USD' },
    });
    // The profile image's address, read with the card.
    expect(data.items[0]!.avatarUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/avatar\.webp$/);
  });

  it('refuses filters that cannot be answered, naming the parameter', async () => {
    const cases: [string, string][] = [
      [`${BUSINESSES}?state=CA`, 'query.state'],
      [`${BUSINESSES}?service=no-such-family`, 'query.service'],
      [`${PROFESSIONALS}?minRate=100&maxRate=50`, 'query.minRate'],
      [`${BUSINESSES}?employees=lots`, 'query.employees'],
      [`${PROFESSIONALS}?sort=cheapest`, 'query.sort'],
    ];
    for (const [url, field] of cases) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expectErrorEnvelope(body);
      expect(body.errors?.map((error) => error.field)).toContain(field);
    }
  });
});
