import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentSandboxSubscriptions, subscriptions } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { businessPlan } from '../../src/server/modules/payments';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  databaseKinds,
  signedInSession,
  signedSession,
  type SignedSession,
  type TestApp,
} from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

type Schemas = components['schemas'];
type Checkout = Schemas['PaymentsCheckoutSession'];
type PlansData = Schemas['PaymentsBusinessPlanListResponse']['data'];

const FEATURED = 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const card = (number: string) => form({ cardNumber: number, expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' });

describe.each(databaseKinds)('billing portal with the sandbox (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
  });
  afterAll(() => testApp.close());

  const openPortal = (session: SignedSession) =>
    app().inject({ method: 'POST', url: '/api/payments/business/portal/', headers: session.headers });
  const subscribe = async (session: SignedSession, planId = FEATURED) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/payments/business/checkout/session/',
      headers: session.headers,
      payload: { planId, interval: 'month' },
    });
    const checkout = (expectContractResponse('createBusinessCheckoutSession', response, 201) as { data: Checkout })
      .data;
    const paid = await app().inject({
      method: 'POST',
      url: new URL(checkout.checkoutUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: card('4242 4242 4242 4242'),
    });
    expect(paid.statusCode).toBe(303);
  };
  const plans = async (session: SignedSession) => {
    const response = await app().inject({ url: '/api/payments/business/plans/', headers: { cookie: session.cookie } });
    return (expectContractResponse('listBusinessPlans', response, 200) as { data: PlansData }).data;
  };
  const post = (path: string, payload = '') =>
    app().inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it('is for businesses only, and a business without a paid plan gets a 409', async () => {
    const visitor = await signedSession(app());
    const anonymous = await openPortal(visitor);
    expect(expectContractResponse('createBillingPortalSession', anonymous, 401).status).toBe('error');
    for (const accountType of ['client', 'freelancer'] as const) {
      const session = await signedInSession(app(), accountType);
      expect(expectContractResponse('createBillingPortalSession', await openPortal(session), 403).code).toBe(
        'forbidden',
      );
    }
    const business = await signedInSession(app(), 'business');
    const free = expectContractResponse('createBillingPortalSession', await openPortal(business), 409);
    expect(free).toMatchObject({ status: 'error', code: 'conflict' });
    expect(free.message).toMatch(/free plan/);
    // Without the CSRF header: refused before anything is created.
    const noCsrf = await app().inject({
      method: 'POST',
      url: '/api/payments/business/portal/',
      headers: { cookie: business.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('replaces the card with the test-card checks, cancels at the period end, renews, and ends the plan by events', async () => {
    const business = await signedInSession(app(), 'business');
    await subscribe(business);
    const opened = expectContractResponse('createBillingPortalSession', await openPortal(business), 201) as {
      data: Schemas['PaymentsBillingPortalSession'];
      message: string;
    };
    const url = new URL(opened.data.url);
    expect(url.origin).toBe('http://market.test');
    expect(url.pathname).toMatch(/^\/sandbox\/billing\/bps_test_[A-Za-z0-9]{24}$/);
    const path = url.pathname;

    const page = await app().inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.body).toContain('Test payment — no real card is charged');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Featured plan, billed monthly');
    expect(page.body).toMatch(/Renews on \w+ \d+, \d{4}/);
    expect(page.body).toContain('•••• 4242');
    expect(page.body).toContain('href="http://market.test/dashboard/business/pricing/"');

    // The card: refused like at checkout, then replaced.
    const declined = await post(`${path}/card`, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    const invalid = await post(`${path}/card`, card('4242 4242 4242 4241'));
    expect(invalid.body).toContain('Your card number is invalid.');
    const [row] = await app()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.businessId, business.account.user.id));
    const subscriptionId = row!.providerSubscriptionId;
    await app()
      .db.update(paymentSandboxSubscriptions)
      .set({ cardLast4: '0000' })
      .where(eq(paymentSandboxSubscriptions.id, subscriptionId));
    const replaced = await post(`${path}/card`, card('4242 4242 4242 4242'));
    expect(replaced.statusCode).toBe(303);
    expect(replaced.headers.location).toBe(`${path}?done=card`);
    const [sandboxRow] = await app()
      .db.select()
      .from(paymentSandboxSubscriptions)
      .where(eq(paymentSandboxSubscriptions.id, subscriptionId));
    expect(sandboxRow!.cardLast4).toBe('4242');
    expect((await app().inject({ url: `${path}?done=card` })).body).toContain('Your card was updated.');

    // Cancel: at the period's end, so the plan stays on and the pricing page can say until when.
    const cancel = await post(`${path}/subscription/${subscriptionId}/cancel`);
    expect(cancel.statusCode).toBe(303);
    const canceling = await plans(business);
    expect(canceling.subscription).toMatchObject({
      planSlug: 'featured',
      status: 'canceling',
      cancelAtPeriodEnd: true,
    });
    // The period the business paid for (events carry whole seconds; the provider's clock and the app's differ by moments).
    expect(
      Math.abs(Date.parse(canceling.subscription!.currentPeriodEnd) - row!.currentPeriodEnd.getTime()),
    ).toBeLessThan(5000);
    expect((await businessPlan(app().db, business.account.user.id)).slug).toBe('featured');
    const canceledPage = await app().inject({ url: `${path}?done=canceled` });
    expect(canceledPage.body).toMatch(/Cancels on \w+ \d+, \d{4}/);
    expect(canceledPage.body).toContain('Renew plan');

    const renew = await post(`${path}/subscription/${subscriptionId}/renew`);
    expect(renew.statusCode).toBe(303);
    expect((await plans(business)).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    // Ending the period is only for a canceled plan.
    expect((await post(`${path}/subscription/${subscriptionId}/end-period`)).statusCode).toBe(404);
    expect((await post(`${path}/subscription/${subscriptionId}/cancel`)).statusCode).toBe(303);
    const ended = await post(`${path}/subscription/${subscriptionId}/end-period`);
    expect(ended.statusCode).toBe(303);
    const after = await plans(business);
    expect(after.subscription).toBeNull();
    expect(after.items.find((plan) => plan.current)?.slug).toBe('free');
    expect((await businessPlan(app().db, business.account.user.id)).slug).toBe('free');
    const [endedRow] = await app()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.businessId, business.account.user.id));
    expect(endedRow!.status).toBe('ended');
    expect((await app().inject({ url: path })).body).toContain('no subscription that is still running');
    expect(expectContractResponse('createBillingPortalSession', await openPortal(business), 409).code).toBe('conflict');
  });

  it('answers 404 for an unknown link, and a portal cannot touch another customer’s subscription', async () => {
    const first = await signedInSession(app(), 'business');
    const second = await signedInSession(app(), 'business');
    await subscribe(first);
    await subscribe(second);
    const portalOf = async (session: SignedSession) =>
      new URL(
        (
          expectContractResponse('createBillingPortalSession', await openPortal(session), 201) as {
            data: { url: string };
          }
        ).data.url,
      ).pathname;
    const firstPath = await portalOf(first);
    const [secondRow] = await app()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.businessId, second.account.user.id));
    const other = await post(`${firstPath}/subscription/${secondRow!.providerSubscriptionId}/cancel`);
    expect(other.statusCode).toBe(404);
    expect((await plans(second)).subscription).toMatchObject({ status: 'active' });

    expect((await app().inject({ url: '/sandbox/billing/bps_test_unknownUnknown1234' })).statusCode).toBe(404);
    expect((await app().inject({ url: '/sandbox/billing/not-a-portal' })).statusCode).toBe(404);
    expect((await post(`${firstPath}/subscription/sub_x/explode`)).statusCode).toBe(404);
    expect((await post('/sandbox/billing/bps_test_unknownUnknown1234/card', card('4242424242424242'))).statusCode).toBe(
      404,
    );
  });
});
