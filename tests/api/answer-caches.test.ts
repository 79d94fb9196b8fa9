import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/shared/forms/bundle';
import { submissionOf } from '../../src/shared/forms/submission';
import { businessLocations, profiles, serviceRequests, subscriptions, users } from '../../src/server/db/schema';
import { FORMS_DIR, requestForms } from '../../src/server/forms/load';
import { serviceRequestService } from '../../src/server/modules/requests/service';
import type { components } from '../../src/server/generated/api';
import { buildTestApp, createAccount, databaseKinds, signedInSession, type TestApp } from './helpers';
import { listedBusiness, listedFreelancer } from './provider-fixtures';

type Schemas = components['schemas'];

const BOARD = '/api/service/public/requests/all';
const BUSINESSES = '/api/account/public/business/all/';
const PROFESSIONALS = '/api/account/public/freelancer/all/';
const FEATURED_PLAN = 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92';

/** The mobile-app form's complete example as a create call's body, under another title. */
function mobileRequest(title: string): Schemas['ServiceRequestCreateInput'] {
  const form = requestForms().get('requests/mobile-app')!;
  const data = JSON.parse(
    readFileSync(join(FORMS_DIR, form.entry.path, 'examples', 'valid-complete.json'), 'utf8'),
  ) as JsonSchema;
  const submission = submissionOf(form.entry.envelopeFields, data) as unknown as { title: string };
  delete (submission as { attachments?: unknown }).attachments;
  return {
    family: 'mobile-app',
    subFamily: null,
    formId: form.entry.id,
    ...submission,
    title,
  } as Schemas['ServiceRequestCreateInput'];
}

/**
 * Visitors' answers of the job board and the directories are kept in memory, and every change to
 * what they show empties them before anyone can read them again: the database's triggers on the
 * requests, profiles, accounts' names, business locations and subscriptions. `caches.sync()` is
 * what a writing request awaits before answering; another process gets the same notifications.
 */
describe.each(databaseKinds)('visitors’ answers kept in memory (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let clientId: string;
  let requestId: string;
  let business: { id: string; companyId: string };
  let freelancerId: string;

  beforeAll(async () => {
    testApp = await buildTestApp(kind);
    const client = await createAccount(app(), 'client');
    clientId = client.user.id;
    requestId = (await serviceRequestService(app()).create(clientId, mobileRequest('Booking app for a yoga studio')))
      .request.id;
    const listed = await listedBusiness(app(), { companyname: 'Harbor Analytics', companyId: 'harbor-analytics' });
    business = { id: listed.user.id, companyId: listed.user.companyId! };
    freelancerId = (await listedFreelancer(app(), { headline: 'Flutter developer for studios' })).user.id;
    await app().caches.sync();
  });
  afterAll(() => testApp?.close());

  const read = async <T>(url: string, cookie?: string): Promise<T> => {
    const response = await app().inject({ url, headers: cookie ? { cookie } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const boardCards = () => read<Schemas['PublicServiceRequestSearchPage']['data']>(BOARD).then((data) => data.items);
  const businessCard = async () =>
    (await read<Schemas['BusinessListingPage']['data']>(BUSINESSES)).items.find(
      (card) => card.accountId === business.id,
    )!;
  const freelancerCard = async () =>
    (await read<Schemas['FreelancerListingPage']['data']>(PROFESSIONALS)).items.find(
      (card) => card.uid === freelancerId,
    )!;

  /** Runs `change` with a trigger off, as a write the database did not announce. */
  const unannounced = async (table: string, trigger: string, change: () => Promise<unknown>) => {
    await app().db.execute(sql`ALTER TABLE ${sql.identifier(table)} DISABLE TRIGGER ${sql.identifier(trigger)}`);
    try {
      await change();
      await app().caches.sync();
    } finally {
      await app().db.execute(sql`ALTER TABLE ${sql.identifier(table)} ENABLE TRIGGER ${sql.identifier(trigger)}`);
    }
  };

  it('answers a visitor’s board search from memory until a request changes', async () => {
    expect((await boardCards()).map((card) => card.title)).toEqual(['Booking app for a yoga studio']);
    await unannounced('service_requests', 'service_requests_board_cache', () =>
      app().db.update(serviceRequests).set({ title: 'Unseen title' }).where(eq(serviceRequests.id, requestId)),
    );
    expect((await boardCards()).map((card) => card.title)).toEqual(['Booking app for a yoga studio']);
    // A signed-in provider's answer is never shared: it reads the database.
    const provider = await signedInSession(app(), 'freelancer');
    const providerTitles = (
      await read<Schemas['PublicServiceRequestSearchPage']['data']>(BOARD, provider.cookie)
    ).items.map((card) => card.title);
    expect(providerTitles).toEqual(['Unseen title']);

    await app()
      .db.update(serviceRequests)
      .set({ title: 'Booking app for a pilates studio' })
      .where(eq(serviceRequests.id, requestId));
    await app().caches.sync();
    expect((await boardCards()).map((card) => card.title)).toEqual(['Booking app for a pilates studio']);
  });

  it('shows the client’s new country on the board at once', async () => {
    expect((await boardCards())[0]!.client.country).toBeNull();
    const sections = {
      personalDetails: { data: { country: 'PT' } },
    } as unknown as typeof profiles.$inferInsert.sections;
    await app()
      .db.insert(profiles)
      .values({ userId: clientId, accountType: 'client', sections })
      .onConflictDoUpdate({ target: profiles.userId, set: { sections } });
    await app().caches.sync();
    expect((await boardCards())[0]!.client.country).toBe('PT');
  });

  it('drops a request from the board within a second of its closing time, with no write', async () => {
    expect(await boardCards()).toHaveLength(1);
    await unannounced('service_requests', 'service_requests_board_cache', () =>
      app()
        .db.update(serviceRequests)
        .set({ closesAt: new Date(Date.now() - 1000) })
        .where(eq(serviceRequests.id, requestId)),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await boardCards()).toEqual([]);
    await app()
      .db.update(serviceRequests)
      .set({ closesAt: new Date(Date.now() + 24 * 3600_000) })
      .where(eq(serviceRequests.id, requestId));
    await app().caches.sync();
    expect(await boardCards()).toHaveLength(1);
  });

  it('answers the directories from memory until a profile changes', async () => {
    expect((await freelancerCard()).headline).toBe('Flutter developer for studios');
    const headline = (text: string) =>
      sql`jsonb_set(${profiles.sections}, '{freelancerAbout,data,headline}', to_jsonb(${text}::text))`;
    await unannounced('profiles', 'profiles_directory_cache', () =>
      app()
        .db.update(profiles)
        .set({ sections: headline('Unseen headline') })
        .where(eq(profiles.userId, freelancerId)),
    );
    expect((await freelancerCard()).headline).toBe('Flutter developer for studios');
    await app()
      .db.update(profiles)
      .set({ sections: headline('Flutter and Dart developer') })
      .where(eq(profiles.userId, freelancerId));
    await app().caches.sync();
    expect((await freelancerCard()).headline).toBe('Flutter and Dart developer');
  });

  it('shows a business’s new name, headquarters and sponsored listing at once', async () => {
    expect(await businessCard()).toMatchObject({ name: 'Harbor Analytics', sponsored: false });
    await app().db.update(users).set({ companyname: 'Harbor Data' }).where(eq(users.id, business.id));
    await app().caches.sync();
    expect((await businessCard()).name).toBe('Harbor Data');

    await app().db.update(businessLocations).set({ city: 'Oakland' }).where(eq(businessLocations.userId, business.id));
    await app().caches.sync();
    expect((await businessCard()).headquarters).toMatchObject({ city: 'Oakland' });

    await app()
      .db.insert(subscriptions)
      .values({
        businessId: business.id,
        planId: FEATURED_PLAN,
        planSlug: 'featured',
        interval: 'month',
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600_000),
        provider: 'sandbox',
        providerCustomerId: 'cus_sandbox_harbor',
        providerSubscriptionId: 'sub_sandbox_harbor',
      });
    await app().caches.sync();
    expect(await businessCard()).toMatchObject({ sponsored: true, badge: expect.any(String) });
  });

  it('keeps the directories’ answers when an account changes nothing a card shows', async () => {
    const before = await businessCard();
    const tagline = sql`jsonb_set(${profiles.sections}, '{businessDetails,data,tagline}', '"Unseen tagline"'::jsonb)`;
    await unannounced('profiles', 'profiles_directory_cache', () =>
      app().db.update(profiles).set({ sections: tagline }).where(eq(profiles.userId, business.id)),
    );
    // A sign-in or a password change writes the account row: no card changes, so no notification.
    await app().db.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, business.id));
    await app().caches.sync();
    expect(await businessCard()).toEqual(before);
  });
});
