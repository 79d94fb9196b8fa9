import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkoutSessions,
  paymentEvents,
  paymentSandboxSessions,
  payments,
  subscriptions,
  versigemsLedger,
} from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { SandboxProvider, sessionObject } from '../../src/server/plugins/payments-sandbox';
import { spendVersigems, versigemsBalance } from '../../src/server/modules/versigems';
import { expectContractResponse } from './contract-responses';
import {
  buildTestApp,
  createAccount,
  databaseKinds,
  emailTo,
  signedInSession,
  type SignedSession,
  type TestApp,
} from './helpers';
import { postRequest, sentProposal } from './proposal-fixtures';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

type Schemas = components['schemas'];
type Checkout = Schemas['PaymentsCheckoutSession'];
type Verification = Schemas['PaymentsCheckoutVerification'];

const PRO = '6f2c9d4a-1b7e-4a53-9e08-c5d3b7f1a246';
const FREE = '0b3e7a1d-5c9f-4e26-8d40-a2f6c1e9b385';
const GROWTH = '7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56';
const STARTER = '2e8b4f1a-7d3c-4a96-b5e0-c1f9a6d2e473';

const card = (number: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ cardNumber: number, expiry: '12 / 34', cvc: '123', name: 'Maya Okafor', ...extra }).toString();

describe.each(databaseKinds)('payments (%s)', (kind) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  const sandbox = () => app().payments as SandboxProvider;

  beforeAll(async () => {
    testApp = await buildTestApp(kind, { env: { RATE_LIMIT_FACTOR: '10' } });
  });
  afterAll(() => testApp.close());

  const startVersigems = async (session: SignedSession, bundleId = GROWTH, quantity = 2) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/payments/freelancer/checkout/session/',
      headers: session.headers,
      payload: { bundleId, quantity },
    });
    return (expectContractResponse('createVersigemsCheckoutSession', response, 201) as { data: Checkout }).data;
  };
  const startPlan = async (session: SignedSession, planId = PRO, interval = 'month') => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/payments/business/checkout/session/',
      headers: session.headers,
      payload: { planId, interval },
    });
    return (expectContractResponse('createBusinessCheckoutSession', response, 201) as { data: Checkout }).data;
  };
  const pagePath = (checkout: Checkout) => new URL(checkout.checkoutUrl).pathname;
  const pay = (checkout: Checkout, number = '4242 4242 4242 4242', extra: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: pagePath(checkout),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: card(number, extra),
    });
  const verify = async (session: SignedSession, sessionId: string, status = 'success') => {
    const response = await app().inject({
      url: `/api/payments/checkout/${sessionId}/verify/${status}/`,
      headers: { cookie: session.cookie },
    });
    return response;
  };
  const verified = async (session: SignedSession, sessionId: string, status = 'success') => {
    const response = await verify(session, sessionId, status);
    return expectContractResponse('verifyCheckoutSession', response, 200) as { data: Verification; message: string };
  };
  const webhook = (body: string, signature: string) =>
    app().inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  const eventBody = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const ledgerOf = (userId: string) =>
    app().db.select().from(versigemsLedger).where(eq(versigemsLedger.userId, userId));

  describe('catalogue (Y01, Y04)', () => {
    it('lists the plans cheapest first, priced per interval, with the caller’s plan marked for a business only', async () => {
      const visitor = await app().inject({ url: '/api/payments/business/plans/' });
      const plans = (
        expectContractResponse('listBusinessPlans', visitor, 200) as {
          data: Schemas['PaymentsBusinessPlanListResponse']['data'];
        }
      ).data;
      expect(plans.items.map((plan) => [plan.slug, plan.price.amount, plan.current])).toEqual([
        ['free', 0, false],
        ['pro', 49, false],
        ['featured', 149, false],
      ]);
      expect(plans.subscription).toBeNull();
      const yearly = await app().inject({ url: '/api/payments/business/plans/?interval=year' });
      const year = (yearly.json() as { data: Schemas['PaymentsBusinessPlanListResponse']['data'] }).data;
      expect(year.items[1]).toMatchObject({
        price: { amount: 490, currency: 'USD' },
        monthlyEquivalent: { amount: 40.83 },
      });
      const business = await signedInSession(app(), 'business');
      const mine = await app().inject({ url: '/api/payments/business/plans/', headers: { cookie: business.cookie } });
      const items = (mine.json() as { data: Schemas['PaymentsBusinessPlanListResponse']['data'] }).data.items;
      expect(items.filter((plan) => plan.current).map((plan) => plan.id)).toEqual([FREE]);
      const bad = await app().inject({ url: '/api/payments/business/plans/?interval=week' });
      expect(expectContractResponse('listBusinessPlans', bad, 400).code).toBe('validation_failed');
    });

    it('lists the bundles smallest first with the unlock cost and the most one checkout buys', async () => {
      const response = await app().inject({ url: '/api/payments/freelancer/plans/versigems/' });
      const data = (
        expectContractResponse('listVersigemsBundles', response, 200) as {
          data: Schemas['PaymentsVersigemsBundleListResponse']['data'];
        }
      ).data;
      expect(data.items.map((bundle) => [bundle.slug, bundle.gems, bundle.bonusGems, bundle.price.amount])).toEqual([
        ['starter', 20, 0, 9],
        ['growth', 50, 5, 19],
        ['pro', 120, 20, 39],
        ['agency', 300, 60, 89],
      ]);
      expect(data).toMatchObject({ unlockCost: 5, maxQuantity: 10 });
    });
  });

  describe('checkout with the sandbox (Y05, Y03)', () => {
    it('refuses an unknown bundle, a quantity of 0 or 11 and a forged price, with the envelope and nothing started', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const cases = [
        [{ bundleId: FREE, quantity: 1 }, 'bundleId'],
        [{ bundleId: GROWTH, quantity: 0 }, 'quantity'],
        [{ bundleId: GROWTH, quantity: 11 }, 'quantity'],
        [{ bundleId: GROWTH, quantity: 1, amount: 1 }, undefined],
      ] as const;
      for (const [payload, field] of cases) {
        const response = await app().inject({
          method: 'POST',
          url: '/api/payments/freelancer/checkout/session/',
          headers: freelancer.headers,
          payload,
        });
        const error = expectContractResponse('createVersigemsCheckoutSession', response, 400);
        if (field) expect(error.errors?.map((e: { field: string }) => e.field)).toContain(field);
      }
      const started = await app()
        .db.select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.userId, freelancer.account.user.id));
      expect(started).toEqual([]);
    });

    it('pays with 4242, credits the bundle and its bonus once, emails a receipt, and a stale tab cannot pay again', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const userId = freelancer.account.user.id;
      const checkout = await startVersigems(freelancer);
      expect(checkout.sessionId).toMatch(/^cs_test_/);
      expect(checkout.checkoutUrl).toBe(`http://market.test/sandbox/checkout/${checkout.sessionId}`);

      const page = await app().inject({ url: pagePath(checkout) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Test payment — no real card is charged');
      expect(page.body).toContain('38.00 USD');
      expect(page.body).toContain(
        `href="http://market.test/payments/checkout/canceled/?session_id=${checkout.sessionId}"`,
      );
      expect(page.body).not.toContain('<script');
      // The site's icon (no request for a missing /favicon.ico), and the form in the page's font.
      expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
      expect(page.body).toContain('input,button{font:inherit}');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");

      const declined = await pay(checkout, '4000 0000 0000 0002');
      expect(declined.statusCode).toBe(402);
      expect(declined.body).toContain('Your card was declined.');
      expect((await pay(checkout, '4000000000009995')).body).toContain('Your card has insufficient funds.');
      expect((await pay(checkout, '4242424242424242', { expiry: '01 / 20' })).body).toContain('expiration date');
      expect((await pay(checkout, '4242424242424242', { cvc: '12' })).body).toContain('security code');
      expect((await pay(checkout, '1234 5678 9012 3456')).body).toContain('Your card number is invalid.');
      expect((await verified(freelancer, checkout.sessionId)).data).toMatchObject({
        status: 'open',
        versigems: { gems: 0, balance: 0 },
      });

      const paid = await pay(checkout);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(
        `http://market.test/payments/checkout/success/?session_id=${checkout.sessionId}`,
      );
      expect(await versigemsBalance(app().db, userId)).toBe(110);

      const result = await verified(freelancer, checkout.sessionId);
      expect(result.data).toEqual({
        sessionId: checkout.sessionId,
        status: 'paid',
        kind: 'versigems',
        versigems: { gems: 110, balance: 110 },
      });
      expect(result.message).toBe('Payment received. 110 versigems were added to your balance.');
      expect((await verified(freelancer, checkout.sessionId)).data.versigems).toEqual({ gems: 110, balance: 110 });

      const again = await pay(checkout);
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('already paid');
      expect((await app().inject({ url: pagePath(checkout) })).statusCode).toBe(410);
      const entries = await ledgerOf(userId);
      expect(entries.map((entry) => [entry.reason, entry.delta, entry.referenceLabel]).sort()).toEqual([
        ['bonus', 10, 'Growth × 2 (bonus)'],
        ['purchase', 100, 'Growth × 2'],
      ]);
      const receipt = await emailTo(testApp, freelancer.account.email);
      expect(receipt.subject).toBe('Your receipt: Growth versigems × 2');
      expect(receipt.text).toContain('38.00 USD');
      expect(receipt.text).toContain(checkout.sessionId);
    });

    it('answers 404 to anyone but the buyer and for an unknown session, 400 for a malformed one', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const other = await signedInSession(app(), 'freelancer');
      const checkout = await startVersigems(freelancer, STARTER, 1);
      expect(expectContractResponse('verifyCheckoutSession', await verify(other, checkout.sessionId), 404).code).toBe(
        'not_found',
      );
      const forged = await verify(freelancer, 'cs_test_forgedForgedForged000');
      expect(expectContractResponse('verifyCheckoutSession', forged, 404).code).toBe('not_found');
      const malformed = await verify(freelancer, 'cs-test!');
      expect(expectContractResponse('verifyCheckoutSession', malformed, 400).code).toBe('validation_failed');
      // Canceled by a stranger's call: nothing changed.
      await verify(other, checkout.sessionId, 'canceled');
      expect((await verified(freelancer, checkout.sessionId)).data.status).toBe('open');
    });

    it('expires a session left through the cancel link, so a stale tab cannot pay it', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const checkout = await startVersigems(freelancer, STARTER, 1);
      const canceled = await verified(freelancer, checkout.sessionId, 'canceled');
      expect(canceled.data).toMatchObject({ status: 'canceled', versigems: { gems: 0 } });
      expect(canceled.message).toContain('Nothing was charged');
      const stale = await pay(checkout);
      expect(stale.statusCode).toBe(410);
      expect(stale.body).toContain('can no longer be paid');
      expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(0);
      expect((await verified(freelancer, checkout.sessionId, 'success')).data.status).toBe('canceled');
    });

    it('refuses a business buying versigems and a freelancer buying a plan', async () => {
      const business = await signedInSession(app(), 'business');
      const freelancer = await signedInSession(app(), 'freelancer');
      const gems = await app().inject({
        method: 'POST',
        url: '/api/payments/freelancer/checkout/session/',
        headers: business.headers,
        payload: { bundleId: GROWTH, quantity: 1 },
      });
      expect(expectContractResponse('createVersigemsCheckoutSession', gems, 403).code).toBe('forbidden');
      const plan = await app().inject({
        method: 'POST',
        url: '/api/payments/business/checkout/session/',
        headers: freelancer.headers,
        payload: { planId: PRO, interval: 'month' },
      });
      expect(expectContractResponse('createBusinessCheckoutSession', plan, 403).code).toBe('forbidden');
    });
  });

  describe('business plans (Y02)', () => {
    it('subscribes a business to Pro, marks it on the plans, raises its proposal allowance, and refuses the same plan twice', async () => {
      const business = await signedInSession(app(), 'business');
      const free = await app().inject({
        method: 'POST',
        url: '/api/payments/business/checkout/session/',
        headers: business.headers,
        payload: { planId: FREE, interval: 'month' },
      });
      expect(expectContractResponse('createBusinessCheckoutSession', free, 400).errors?.[0]?.field).toBe('planId');
      const checkout = await startPlan(business);
      const page = await app().inject({ url: pagePath(checkout) });
      expect(page.body).toContain('49.00 USD per month');
      expect((await pay(checkout)).statusCode).toBe(303);

      const result = await verified(business, checkout.sessionId);
      expect(result.data).toMatchObject({
        status: 'paid',
        kind: 'plan',
        plan: { id: PRO, slug: 'pro', interval: 'month', price: { amount: 49 }, subscriptionStatus: 'active' },
      });
      expect(Date.parse(result.data.plan!.currentPeriodEnd!)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
      const list = await app().inject({ url: '/api/payments/business/plans/', headers: { cookie: business.cookie } });
      const data = (
        expectContractResponse('listBusinessPlans', list, 200) as {
          data: Schemas['PaymentsBusinessPlanListResponse']['data'];
        }
      ).data;
      expect(data.items.filter((plan) => plan.current).map((plan) => plan.slug)).toEqual(['pro']);
      expect(data.subscription).toMatchObject({ planId: PRO, planSlug: 'pro', interval: 'month', status: 'active' });

      const twice = await app().inject({
        method: 'POST',
        url: '/api/payments/business/checkout/session/',
        headers: business.headers,
        payload: { planId: PRO, interval: 'month' },
      });
      const conflict = expectContractResponse('createBusinessCheckoutSession', twice, 409);
      expect(conflict.message).toBe('You are already on the Pro plan, billed monthly.');
      const { businessPlanLimits } = await import('../../src/server/modules/payments');
      expect((await businessPlanLimits(app().db, business.account.user.id)).proposalsPerMonth).toBe(30);
    });

    it('gives a Pro business 30 proposals a month and a Featured one no limit, back to 5 once a canceled plan ends', async () => {
      const client = await createAccount(app(), 'client');
      const quoteLimit = async (session: SignedSession) => {
        const request = await postRequest(app(), client.user.id);
        const quote = await app().inject({
          url: `/api/service/request/${request.id}/proposal/quote/`,
          headers: { cookie: session.cookie },
        });
        const data = (
          expectContractResponse('getProposalQuote', quote, 200) as {
            data: { allowance: { used: number; limit: number | null } };
          }
        ).data;
        return data.allowance;
      };
      const pro = await signedInSession(app(), 'business');
      await pay(await startPlan(pro, PRO));
      for (let index = 0; index < 6; index++) {
        await sentProposal(app(), pro, (await postRequest(app(), client.user.id)).id);
      }
      expect(await quoteLimit(pro)).toMatchObject({ used: 6, limit: 30 });
      const featured = await signedInSession(app(), 'business');
      await pay(await startPlan(featured, 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92', 'year'));
      expect((await quoteLimit(featured)).limit).toBeNull();
      // Canceled, and the paid period is over: the free plan's 5 again.
      await app()
        .db.update(subscriptions)
        .set({ status: 'canceling', currentPeriodEnd: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.businessId, pro.account.user.id));
      expect(await quoteLimit(pro)).toMatchObject({ used: 6, limit: 5 });
    });

    it('follows the subscription through failed and paid invoices, cancellation and its end', async () => {
      const business = await signedInSession(app(), 'business');
      const checkout = await startPlan(business, PRO, 'year');
      await pay(checkout);
      const [row] = await app()
        .db.select()
        .from(subscriptions)
        .where(eq(subscriptions.businessId, business.account.user.id));
      const subscriptionId = row!.providerSubscriptionId;
      const status = async () =>
        (
          await app().db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId))
        )[0]!;
      const send = async (id: string, type: string, object: Record<string, unknown>) => {
        const body = eventBody(id, type, object);
        const response = await webhook(body, sandbox().sign(body));
        expect(expectContractResponse('handlePaymentWebhook', response, 200).data.duplicate).toBe(false);
      };
      await send('evt_test_failed_0001', 'invoice.payment_failed', { id: 'in_1', subscription: subscriptionId });
      expect((await status()).status).toBe('past-due');
      const renewal = Math.floor(Date.now() / 1000) + 400 * 24 * 3600;
      await send('evt_test_paid_00001', 'invoice.paid', {
        id: 'in_2',
        subscription: subscriptionId,
        billing_reason: 'subscription_cycle',
        amount_paid: 49000,
        currency: 'usd',
        lines: { data: [{ period: { end: renewal } }] },
      });
      expect(await status()).toMatchObject({ status: 'active', currentPeriodEnd: new Date(renewal * 1000) });
      const receipt = await emailTo(testApp, business.account.email);
      expect(receipt.text).toContain('490.00 USD');
      expect(receipt.text).toContain(`renewed until ${new Date(renewal * 1000).toISOString().slice(0, 10)}`);
      await send('evt_test_update_0001', 'customer.subscription.updated', {
        id: subscriptionId,
        status: 'active',
        cancel_at_period_end: true,
      });
      expect((await status()).status).toBe('canceling');
      await send('evt_test_deleted_001', 'customer.subscription.deleted', { id: subscriptionId, status: 'canceled' });
      expect((await status()).status).toBe('ended');
      const list = await app().inject({ url: '/api/payments/business/plans/', headers: { cookie: business.cookie } });
      const data = (list.json() as { data: Schemas['PaymentsBusinessPlanListResponse']['data'] }).data;
      expect(data.subscription).toBeNull();
      expect(data.items.filter((plan) => plan.current).map((plan) => plan.slug)).toEqual(['free']);
    });
  });

  describe('webhook and fulfilment', () => {
    /** A session paid at the provider whose event has not been delivered yet. */
    async function paidAtProvider(freelancer: SignedSession) {
      const checkout = await startVersigems(freelancer);
      const [row] = await app()
        .db.update(paymentSandboxSessions)
        .set({ status: 'complete', paymentId: `pi_test_${checkout.sessionId.slice(-12)}` })
        .where(eq(paymentSandboxSessions.id, checkout.sessionId))
        .returning();
      return { checkout, object: sessionObject(row!) };
    }

    it('credits once when the same event comes 100 times, concurrently with the return page’s verify calls', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const { checkout, object } = await paidAtProvider(freelancer);
      const body = eventBody('evt_test_redelivered_0001', 'checkout.session.completed', object);
      const signature = sandbox().sign(body);
      const responses = await Promise.all([
        ...Array.from({ length: 100 }, () => webhook(body, signature)),
        ...Array.from({ length: 5 }, () => verify(freelancer, checkout.sessionId)),
      ]);
      const hooks = responses.slice(0, 100).map((response) => {
        expect(response.statusCode).toBe(200);
        return (response.json() as { data: { duplicate: boolean } }).data.duplicate;
      });
      expect(hooks.filter((duplicate) => !duplicate)).toHaveLength(1);
      for (const response of responses.slice(100)) {
        expect(
          (expectContractResponse('verifyCheckoutSession', response, 200) as { data: Verification }).data.status,
        ).toBe('paid');
      }
      expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(110);
      expect(await ledgerOf(freelancer.account.user.id)).toHaveLength(2);
      expect(
        await app().db.select().from(payments).where(eq(payments.userId, freelancer.account.user.id)),
      ).toHaveLength(1);
    });

    it('answers 400 and applies nothing for a bad, old or missing signature', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const { checkout, object } = await paidAtProvider(freelancer);
      const body = eventBody('evt_test_badsig_00001', 'checkout.session.completed', object);
      const old = sandbox().sign(body, Math.floor(Date.now() / 1000) - 600);
      const tampered = sandbox().sign(body.replace('"paid"', '"paid" '));
      for (const signature of [old, tampered, `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`]) {
        const response = await webhook(body, signature);
        expect(expectContractResponse('handlePaymentWebhook', response, 400).code).toBe('validation_failed');
      }
      const missing = await app().inject({ method: 'POST', url: '/api/payments/webhook/', payload: JSON.parse(body) });
      expect(missing.statusCode).toBe(400);
      expect(
        await app().db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_test_badsig_00001')),
      ).toEqual([]);
      expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(0);
      const [row] = await app()
        .db.select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSessionId, checkout.sessionId));
      expect(row!.status).toBe('open');
      // Re-serialised JSON is not the signed bytes: the raw body is what is checked.
      const good = await webhook(body, sandbox().sign(body));
      expect(good.statusCode).toBe(200);
      expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(110);
    });

    it('takes back refunded and disputed versigems, never below 0, recording what was already spent', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const userId = freelancer.account.user.id;
      const first = await startVersigems(freelancer);
      await pay(first);
      const [payment] = await app().db.select().from(payments).where(eq(payments.userId, userId));
      const paymentId = payment!.providerPaymentId!;
      // Half refunded: 55 of the 110 come back.
      const half = eventBody('evt_test_refund_half', 'charge.refunded', {
        id: 'ch_1',
        payment_intent: paymentId,
        amount: 3800,
        amount_refunded: 1900,
      });
      expect((await webhook(half, sandbox().sign(half))).statusCode).toBe(200);
      expect(await versigemsBalance(app().db, userId)).toBe(55);
      // 50 spent, then the rest refunded: 5 are left to take back, 50 are short.
      await app().db.transaction((tx) => spendVersigems(tx, { userId, amount: 50, reason: 'unlock', reference: null }));
      const full = eventBody('evt_test_refund_full', 'charge.refunded', {
        id: 'ch_1',
        payment_intent: paymentId,
        amount: 3800,
        amount_refunded: 3800,
      });
      expect((await webhook(full, sandbox().sign(full))).statusCode).toBe(200);
      expect((await webhook(full, sandbox().sign(full))).json()).toMatchObject({ data: { duplicate: true } });
      expect(await versigemsBalance(app().db, userId)).toBe(0);
      const refunds = (await ledgerOf(userId)).filter((entry) => entry.reason === 'refund');
      expect(refunds.map((entry) => entry.delta).sort((a, b) => a - b)).toEqual([-55, -5]);
      expect(refunds.find((entry) => entry.delta === -5)!.referenceLabel).toContain('50 versigems already spent');
      const [after] = await app().db.select().from(payments).where(eq(payments.userId, userId));
      expect(after).toMatchObject({ gemsTakenBack: 60, shortfall: 50, refundedAmount: 3800 });

      const second = await startVersigems(freelancer, STARTER, 1);
      await pay(second);
      const [secondPayment] = await app()
        .db.select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSessionId, second.sessionId));
      const dispute = eventBody('evt_test_dispute_001', 'charge.dispute.created', {
        id: 'dp_1',
        charge: 'ch_2',
        payment_intent: secondPayment!.providerPaymentId,
      });
      expect((await webhook(dispute, sandbox().sign(dispute))).statusCode).toBe(200);
      expect(await versigemsBalance(app().db, userId)).toBe(0);
    });

    it('fulfils a delayed payment when it succeeds, and marks a checkout expired by the provider', async () => {
      const freelancer = await signedInSession(app(), 'freelancer');
      const { checkout, object } = await paidAtProvider(freelancer);
      const pending = eventBody('evt_test_async_pending', 'checkout.session.completed', {
        ...object,
        payment_status: 'unpaid',
      });
      expect((await webhook(pending, sandbox().sign(pending))).statusCode).toBe(200);
      expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(0);
      const succeeded = eventBody('evt_test_async_success', 'checkout.session.async_payment_succeeded', object);
      expect((await webhook(succeeded, sandbox().sign(succeeded))).statusCode).toBe(200);
      expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(110);

      const unpaid = await startVersigems(freelancer, STARTER, 1);
      const expired = eventBody('evt_test_expired_00001', 'checkout.session.expired', {
        id: unpaid.sessionId,
        payment_status: 'unpaid',
      });
      expect((await webhook(expired, sandbox().sign(expired))).statusCode).toBe(200);
      const [row] = await app()
        .db.select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSessionId, unpaid.sessionId));
      expect(row!.status).toBe('expired');
      expect(checkout.sessionId).not.toBe(unpaid.sessionId);
    });

    it('acknowledges an event type it does not handle, once', async () => {
      const body = eventBody('evt_test_ignored_0001', 'customer.created', { id: 'cus_1' });
      const first = await webhook(body, sandbox().sign(body));
      expect(expectContractResponse('handlePaymentWebhook', first, 200).data).toEqual({
        received: true,
        duplicate: false,
      });
      expect((await webhook(body, sandbox().sign(body))).json()).toMatchObject({ data: { duplicate: true } });
    });
  });
});
