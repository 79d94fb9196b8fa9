import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, type SubscriptionStatus } from '../../src/server/db/schema';
import { expectContractResponse } from './contract-responses';
import { buildTestApp, databaseKinds, type TestApp } from './helpers';
import { listedBusiness } from './provider-fixtures';

const BUSINESSES = '/api/account/public/business/all/';
const DAY = 24 * 60 * 60 * 1000;
const PLANS = {
  pro: '6f2c9d4a-1b7e-4a53-9e08-c5d3b7f1a246',
  featured: 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92',
} as const;

interface Card {
  companyId: string;
  name: string;
  sponsored: boolean;
  badge: string | null;
}

describe.each(databaseKinds)('sponsored placement in the business directory (%s)', (kind) => {
  let testApp: TestApp;
  const accounts: Record<string, string> = {};

  /** A business named `name` (its slug in lower case), on a plan in a given state when asked. */
  const business = async (
    name: string,
    plan?: { slug: keyof typeof PLANS; status: SubscriptionStatus; periodEnd?: number },
    services = ['finance-transformation/enterprise'],
  ) => {
    const account = await listedBusiness(testApp.app, { companyname: name, companyId: name.toLowerCase(), services });
    accounts[name] = account.user.id;
    if (plan) {
      await testApp.app.db.insert(subscriptions).values({
        businessId: account.user.id,
        planId: PLANS[plan.slug],
        planSlug: plan.slug,
        interval: 'month',
        status: plan.status,
        currentPeriodEnd: new Date(Date.now() + (plan.periodEnd ?? 20 * DAY)),
        provider: 'sandbox',
        providerCustomerId: `cus_sandbox_${name}`,
        providerSubscriptionId: `sub_sandbox_${name}`,
      });
    }
  };

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    await business('Alpha', { slug: 'pro', status: 'active' });
    await business('Bravo', { slug: 'featured', status: 'past-due' });
    await business('Charlie', { slug: 'featured', status: 'active' });
    await business('Delta', { slug: 'featured', status: 'ended' });
    // Canceled in the portal: sponsored until the paid period ends.
    await business('Echo', { slug: 'featured', status: 'canceling' });
    await business('Foxtrot', { slug: 'featured', status: 'canceling', periodEnd: -DAY });
    await business('Golf', { slug: 'featured', status: 'active' }, ['mobile-app']);
  });
  afterAll(() => testApp.close());

  const list = async (query: string) => {
    const response = await testApp.app.inject({ url: `${BUSINESSES}${query}` });
    const body = expectContractResponse('listPublicBusinessProfiles', response, 200) as {
      data: { items: Card[]; pagination: { total: number } };
    };
    return body.data;
  };
  const names = async (query: string) => (await list(query)).items.map((card) => card.name);

  it('puts paid Featured businesses first, each part in the order the sort says, with the flag and badge', async () => {
    const { items, pagination } = await list('?service=finance-transformation&sort=name');
    expect(items.map((card) => card.name)).toEqual(['Charlie', 'Echo', 'Alpha', 'Bravo', 'Delta', 'Foxtrot']);
    expect(pagination.total).toBe(6);
    expect(Object.fromEntries(items.map((card) => [card.name, [card.sponsored, card.badge]]))).toEqual({
      Charlie: [true, 'featured'],
      Echo: [true, 'featured'],
      Alpha: [false, 'pro'],
      // Past due, ended, or canceled with its period over: neither sponsored nor badged.
      Bravo: [false, null],
      Delta: [false, null],
      Foxtrot: [false, null],
    });
    // Newest first: the sponsored newest first, then the rest newest first.
    expect(await names('?service=finance-transformation&sort=newest')).toEqual([
      'Echo',
      'Charlie',
      'Foxtrot',
      'Delta',
      'Bravo',
      'Alpha',
    ]);
  });

  it('keeps the filters: a sponsored business that does not match is not listed', async () => {
    expect(await names('?service=mobile-app&sort=name')).toEqual(['Golf']);
    expect(await names('?sort=name')).toEqual(['Charlie', 'Echo', 'Golf', 'Alpha', 'Bravo', 'Delta', 'Foxtrot']);
  });

  it('pages across the sponsored and the other listings without a gap or a repeat', async () => {
    const query = '?service=finance-transformation&sort=name&pageSize=4';
    expect(await names(`${query}&page=1`)).toEqual(['Charlie', 'Echo', 'Alpha', 'Bravo']);
    expect(await names(`${query}&page=2`)).toEqual(['Delta', 'Foxtrot']);
    const single = '?service=finance-transformation&sort=name&pageSize=1';
    const pages = [];
    for (let page = 1; page <= 7; page += 1) pages.push(...(await names(`${single}&page=${page}`)));
    expect(pages).toEqual(['Charlie', 'Echo', 'Alpha', 'Bravo', 'Delta', 'Foxtrot']);
  });

  it('ranks a text search with the sponsored matches first, page after page', async () => {
    // Equal ranks: newest first within each part.
    const all = await names('?q=enterprise');
    expect(all).toEqual(['Echo', 'Charlie', 'Foxtrot', 'Delta', 'Bravo', 'Alpha']);
    const pages = [];
    for (let page = 1; page <= 7; page += 1) pages.push(...(await names(`?q=enterprise&pageSize=1&page=${page}`)));
    expect(pages).toEqual(all);
    expect((await list('?q=enterprise')).items.map((card) => card.sponsored)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('stops sponsoring a plan that ends or falls past due', async () => {
    await testApp.app.db
      .update(subscriptions)
      .set({ status: 'ended' })
      .where(eq(subscriptions.businessId, accounts.Charlie!));
    await testApp.app.db
      .update(subscriptions)
      .set({ status: 'past-due' })
      .where(eq(subscriptions.businessId, accounts.Echo!));
    // What a writing request awaits before it answers: the kept sponsored list is emptied.
    await testApp.app.caches.sync();
    const { items } = await list('?service=finance-transformation&sort=name');
    expect(items.map((card) => card.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    expect(items.every((card) => !card.sponsored)).toBe(true);
  });
});
