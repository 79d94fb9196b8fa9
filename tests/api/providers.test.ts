import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, providerServices } from '../../src/server/db/schema';
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

const PRIMARY_SET = '/api/account/provider/primary-service/set/';
const PRIMARY_UPDATE = '/api/account/provider/primary-service/update/';
const LEADS_SET = '/api/account/provider/leads-location/set/';
const LEADS_UPDATE = '/api/account/provider/leads-location/update/';
const REMAINING = '/api/account/provider/other-services/remaining/';
const OTHERS = '/api/account/provider/other-service/update/';

describe.each(databaseKinds)('provider services and leads location (%s)', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(kind);
  });
  afterAll(() => testApp.close());

  const call = (session: SignedSession, request: InjectOptions) =>
    testApp.app.inject({ ...request, headers: { ...session.headers, ...(request.headers ?? {}) } });
  const post = (session: SignedSession, url: string, payload: unknown, method: 'POST' | 'PUT' | 'PATCH' = 'POST') =>
    call(session, { method, url, payload: payload as Record<string, unknown> });
  const servicesOf = (userId: string) =>
    testApp.app.db.select().from(providerServices).where(eq(providerServices.userId, userId));

  it('walks a freelancer through primary service, leads and other services, each answer naming the next step', async () => {
    const freelancer = await signedInSession(testApp.app, 'freelancer');
    const primary = await post(freelancer, PRIMARY_SET, {
      serviceSlug: 'finance-transformation',
      subServiceSlugs: ['finance-transformation/fp-and-a-revolution', 'finance-transformation/enterprise'],
    });
    expect(primary.statusCode).toBe(200);
    expectContractResponse('setPrimaryService', primary);
    expect(primary.json().data).toMatchObject({
      primaryService: {
        slug: 'finance-transformation',
        label: 'Finance Transformation',
        subServices: [
          { slug: 'finance-transformation/fp-and-a-revolution' },
          { slug: 'finance-transformation/enterprise' },
        ],
        projectCount: 0,
      },
      nextStep: '/auth/su/freelancer/leads/',
    });

    const leads = await post(freelancer, LEADS_SET, { type: 'custom', country: 'US', state: 'CA' });
    expect(leads.statusCode).toBe(200);
    expectContractResponse('setLeadsLocation', leads);
    expect(leads.json().data).toEqual({
      leadsLocation: {
        type: 'custom',
        country: 'US',
        countryName: 'United States',
        state: 'CA',
        stateName: 'California',
        label: 'California, United States',
      },
      nextStep: '/auth/su/freelancer/other-services/',
    });

    const remaining = await call(freelancer, { url: REMAINING });
    expectContractResponse('listRemainingOtherServices', remaining);
    const remainingSlugs = (remaining.json().data as { slug: string }[]).map((option) => option.slug);
    expect(remainingSlugs).not.toContain('finance-transformation');
    expect(remainingSlugs).toContain('data-and-analytics');

    const others = await post(freelancer, OTHERS, { serviceSlugs: ['data-and-analytics', 'mobile-app'] }, 'PATCH');
    expect(others.statusCode).toBe(200);
    expectContractResponse('updateOtherServices', others);
    expect(others.json().data).toEqual({
      otherServices: [
        { slug: 'data-and-analytics', label: 'Data and Analytics', projectCount: 0 },
        { slug: 'mobile-app', label: expect.any(String), projectCount: 0 },
      ],
      nextStep: '/auth/su/freelancer/service-details/',
    });

    const me = (await getMe(testApp.app, freelancer)).json().data;
    expect(me.primaryService).toEqual({
      slug: 'finance-transformation',
      name: 'Finance Transformation',
      project: null,
    });
    expect(me.leadsLocation).toEqual({ type: 'custom', country: 'US', state: 'CA' });
    expect(me.otherServices.map((service: { slug: string }) => service.slug)).toEqual([
      'data-and-analytics',
      'mobile-app',
    ]);
    const after = (await call(freelancer, { url: REMAINING })).json().data as { slug: string }[];
    expect(after.map((option) => option.slug)).not.toContain('mobile-app');
  });

  it('sets each step once (409 after) and updates only what was set (409 before)', async () => {
    const freelancer = await signedInSession(testApp.app, 'freelancer');
    expect((await post(freelancer, PRIMARY_UPDATE, { serviceSlug: 'mobile-app' }, 'PUT')).statusCode).toBe(409);
    expect((await post(freelancer, LEADS_UPDATE, { type: 'worldwide' }, 'PUT')).statusCode).toBe(409);
    expect((await post(freelancer, PRIMARY_SET, { serviceSlug: 'mobile-app' })).statusCode).toBe(200);
    const again = await post(freelancer, PRIMARY_SET, { serviceSlug: 'data-and-analytics' });
    expect(again.statusCode).toBe(409);
    expectErrorEnvelope(again.json());
    expect((await post(freelancer, LEADS_SET, { type: 'worldwide' })).statusCode).toBe(200);
    expect((await post(freelancer, LEADS_SET, { type: 'worldwide' })).statusCode).toBe(409);

    const leads = await post(freelancer, LEADS_UPDATE, { type: 'custom', country: 'GB' }, 'PUT');
    expect(leads.statusCode).toBe(200);
    expectContractResponse('updateLeadsLocation', leads);
    expect(leads.json().data.leadsLocation).toMatchObject({
      type: 'custom',
      country: 'GB',
      state: null,
      label: 'United Kingdom',
    });
  });

  it('moves the new primary family out of the other services when the primary changes', async () => {
    const business = await signedInSession(testApp.app, 'business');
    await post(business, PRIMARY_SET, { serviceSlug: 'software-development' });
    await post(business, OTHERS, { serviceSlugs: ['mobile-app', 'data-and-analytics'] }, 'PATCH');
    const updated = await post(business, PRIMARY_UPDATE, { serviceSlug: 'mobile-app' }, 'PUT');
    expect(updated.statusCode).toBe(200);
    expectContractResponse('updatePrimaryService', updated);
    const rows = await servicesOf(business.account.user.id);
    expect(rows.map((row) => [row.family, row.isPrimary]).sort()).toEqual([
      ['data-and-analytics', false],
      ['mobile-app', true],
    ]);
    const others = await post(business, OTHERS, { serviceSlugs: ['data-and-analytics'] }, 'PATCH');
    // Businesses have no freelancer steps: no next step.
    expect(others.json().data.nextStep).toBeNull();
  });

  it('refuses families, sub-families and places the catalogue does not have, naming the field and writing nothing', async () => {
    const freelancer = await signedInSession(testApp.app, 'freelancer');
    const userId = freelancer.account.user.id;
    const cases: [string, unknown, string, 'POST' | 'PATCH'][] = [
      [PRIMARY_SET, { serviceSlug: 'underwater-basket-weaving' }, 'serviceSlug', 'POST'],
      [
        PRIMARY_SET,
        { serviceSlug: 'mobile-app', subServiceSlugs: ['finance-transformation/enterprise'] },
        'subServiceSlugs.0',
        'POST',
      ],
      [PRIMARY_SET, { serviceSlug: 'finance-transformation/enterprise' }, 'serviceSlug', 'POST'],
      [LEADS_SET, { type: 'custom', country: 'ZZ' }, 'country', 'POST'],
      [LEADS_SET, { type: 'custom', country: 'US', state: 'ON' }, 'state', 'POST'],
      [OTHERS, { serviceSlugs: ['data-and-analytics', 'no-such-family'] }, 'serviceSlugs.1', 'PATCH'],
    ];
    for (const [url, payload, field, method] of cases) {
      const response = await post(freelancer, url, payload, method);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      const body = response.json();
      expectErrorEnvelope(body);
      expect(body.errors?.map((error) => error.field)).toContain(field);
    }
    expect(await servicesOf(userId)).toEqual([]);
    const [profile] = await testApp.app.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile?.leadsType ?? null).toBeNull();
    expect(profile?.sections ?? {}).toEqual({});

    await post(freelancer, PRIMARY_SET, { serviceSlug: 'mobile-app' });
    const withPrimary = await post(freelancer, OTHERS, { serviceSlugs: ['mobile-app'] }, 'PATCH');
    expect(withPrimary.statusCode).toBe(400);
    expect(withPrimary.json().errors[0].field).toBe('serviceSlugs.0');
    const tooMany = await post(
      freelancer,
      OTHERS,
      {
        serviceSlugs: [
          'web-design-and-development',
          'data-and-analytics',
          'software-development',
          'finance-transformation',
          'machine-learning-and-ai',
          'x',
        ],
      },
      'PATCH',
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await servicesOf(userId)).map((row) => row.family)).toEqual(['mobile-app']);
  });

  it('lets exactly one of two racing first saves through', async () => {
    const freelancer = await signedInSession(testApp.app, 'freelancer');
    const answers = await Promise.all([
      post(freelancer, PRIMARY_SET, { serviceSlug: 'mobile-app' }),
      post(freelancer, PRIMARY_SET, { serviceSlug: 'data-and-analytics' }),
      post(freelancer, LEADS_SET, { type: 'worldwide' }),
      post(freelancer, LEADS_SET, { type: 'custom', country: 'US' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const rows = await servicesOf(freelancer.account.user.id);
    expect(rows).toHaveLength(1);
  });

  it('lists a family with its sub-families and related families, and 404 for an unknown one', async () => {
    const related = await testApp.app.inject({
      url: '/api/account/provider/related-to/service/finance-transformation/',
    });
    expect(related.statusCode).toBe(200);
    expectContractResponse('listRelatedServices', related);
    const data = related.json().data;
    expect(data.service).toMatchObject({ slug: 'finance-transformation', parentSlug: null });
    expect(data.subServices.length).toBeGreaterThan(0);
    for (const sub of data.subServices) expect(sub.parentSlug).toBe('finance-transformation');
    expect(data.relatedServices.map((option: { slug: string }) => option.slug)).not.toContain('finance-transformation');
    const unknown = await testApp.app.inject({ url: '/api/account/provider/related-to/service/no-such-family/' });
    expect(unknown.statusCode).toBe(404);
    expectErrorEnvelope(unknown.json());
  });
});
