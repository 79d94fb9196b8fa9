import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptions } from '../../src/server/db/schema';
import type { components } from '../../src/server/generated/api';
import { versigemsBalance } from '../../src/server/modules/versigems';
import { expectContractResponse } from './contract-responses';
import { buildTestApp, databaseKinds, signedInSession, type SignedSession, type TestApp } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

type Checkout = components['schemas']['PaymentsCheckoutSession'];
type Verification = components['schemas']['PaymentsCheckoutVerification'];

const WEBHOOK_SECRET = 'whsec_localStandInSecret0123456789';
const PRO = '6f2c9d4a-1b7e-4a53-9e08-c5d3b7f1a246';
const FEATURED = 'a9d4e2b7-3c6f-4d18-b0e5-7f1a8c3d6e92';
const GROWTH = '7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56';

interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string;
  expires_at: number;
  payment_intent: string | null;
  subscription: string | null;
  customer: string | null;
  client_reference_id: string;
  metadata: Record<string, string>;
}

/** Just enough of Stripe's API for the adapter: checkout sessions (create, retrieve, expire), canceling a subscription, billing portal sessions. */
class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly requests: { method: string; path: string; form: URLSearchParams }[] = [];
  private server!: Server;
  private count = 0;
  port = 0;

  async start() {
    this.server = createServer((request, response) => {
      void this.answer(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage): Promise<[number, unknown]> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const path = (request.url ?? '').split('?')[0]!;
    const form = new URLSearchParams(raw);
    this.requests.push({ method: request.method ?? '', path, form });
    const missing: [number, unknown] = [404, { error: { type: 'invalid_request_error', message: 'No such session' } }];
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      this.count += 1;
      const id = `cs_test_standIn${String(this.count).padStart(6, '0')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(\w+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        expires_at: Number(form.get('expires_at')),
        payment_intent: null,
        subscription: null,
        customer: null,
        client_reference_id: form.get('client_reference_id') ?? '',
        metadata,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      return session ? [200, session] : missing;
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire) {
      const session = this.sessions.get(expire[1]!);
      if (!session) return missing;
      if (session.status !== 'open') {
        return [400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } }];
      }
      session.status = 'expired';
      return [200, session];
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = `bps_standIn${String(this.requests.length).padStart(6, '0')}`;
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.com/p/session/test_${id}`,
        },
      ];
    }
    const cancel = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (request.method === 'DELETE' && cancel)
      return [200, { id: cancel[1], object: 'subscription', status: 'canceled' }];
    return [404, { error: { type: 'invalid_request_error', message: `Unknown ${request.method} ${path}` } }];
  }

  /** The buyer pays on Stripe's page. */
  pay(id: string, extra: Partial<StandInSession> = {}): StandInSession {
    const session = this.sessions.get(id)!;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_${id.slice(-10)}`,
      ...extra,
    });
    return session;
  }
}

describe.each(databaseKinds)('Stripe adapter against a local stand-in (%s)', (kind) => {
  let testApp: TestApp;
  const stripeApi = new StripeStandIn();
  const stripe = new Stripe('sk_test_standIn');
  const app = () => testApp.app;

  beforeAll(async () => {
    await stripeApi.start();
    testApp = await buildTestApp(kind, {
      env: { STRIPE_SECRET_KEY: 'sk_test_standIn', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_FACTOR: '10' },
      stripeConnection: { host: '127.0.0.1', port: stripeApi.port, protocol: 'http' },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await stripeApi.stop();
  });

  const start = async (session: SignedSession, url: string, payload: Record<string, unknown>, operationId: string) => {
    const response = await app().inject({ method: 'POST', url, headers: session.headers, payload });
    return (expectContractResponse(operationId, response, 201) as { data: Checkout }).data;
  };
  const startVersigems = (session: SignedSession) =>
    start(
      session,
      '/api/payments/freelancer/checkout/session/',
      { bundleId: GROWTH, quantity: 2 },
      'createVersigemsCheckoutSession',
    );
  const startPlan = (session: SignedSession, planId: string) =>
    start(
      session,
      '/api/payments/business/checkout/session/',
      { planId, interval: 'year' },
      'createBusinessCheckoutSession',
    );
  const verify = async (session: SignedSession, sessionId: string, status = 'success') => {
    const response = await app().inject({
      url: `/api/payments/checkout/${sessionId}/verify/${status}/`,
      headers: { cookie: session.cookie },
    });
    return (expectContractResponse('verifyCheckoutSession', response, 200) as { data: Verification }).data;
  };
  const deliver = (event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
    return app().inject({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const completed = (id: string, object: StandInSession) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object },
  });

  it('creates a payment-mode session priced from the catalogue and credits once from signed events', async () => {
    const freelancer = await signedInSession(app(), 'freelancer');
    const checkout = await startVersigems(freelancer);
    expect(checkout.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${checkout.sessionId}`);
    const created = stripeApi.requests.find((request) => request.path === '/v1/checkout/sessions')!.form;
    expect(Object.fromEntries(created)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '3800',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][quantity]': '1',
      client_reference_id: freelancer.account.user.id,
      success_url: 'http://market.test/payments/checkout/success/?session_id={CHECKOUT_SESSION_ID}',
      'metadata[kind]': 'versigems',
    });
    const session = stripeApi.pay(checkout.sessionId);

    const old = await deliver(completed('evt_test_stripe_old_01', session), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(expectContractResponse('handlePaymentWebhook', old, 400).code).toBe('validation_failed');
    const wrong = await deliver(completed('evt_test_stripe_bad_01', session), { secret: 'whsec_someoneElse' });
    expect(wrong.statusCode).toBe(400);
    expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(0);

    const first = await deliver(completed('evt_test_stripe_paid_1', session));
    expect(expectContractResponse('handlePaymentWebhook', first, 200).data).toEqual({
      received: true,
      duplicate: false,
    });
    const again = await deliver(completed('evt_test_stripe_paid_1', session));
    expect(again.json()).toMatchObject({ data: { duplicate: true } });
    expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(110);
    expect(await verify(freelancer, checkout.sessionId)).toMatchObject({
      status: 'paid',
      versigems: { gems: 110, balance: 110 },
    });
  });

  it('fulfils from the verify call before the webhook, and expires a session left through the cancel link', async () => {
    const freelancer = await signedInSession(app(), 'freelancer');
    const paid = await startVersigems(freelancer);
    stripeApi.pay(paid.sessionId);
    expect(await verify(freelancer, paid.sessionId)).toMatchObject({ status: 'paid', versigems: { gems: 110 } });
    const late = await deliver(completed('evt_test_stripe_late_1', stripeApi.sessions.get(paid.sessionId)!));
    expect(late.statusCode).toBe(200);
    expect(await versigemsBalance(app().db, freelancer.account.user.id)).toBe(110);

    const left = await startVersigems(freelancer);
    // Stripe fills the session id in the success URL only: the cancel URL carries the app's reference.
    const cancelUrl = new URL(
      stripeApi.requests
        .filter((request) => request.path === '/v1/checkout/sessions')
        .at(-1)!
        .form.get('cancel_url')!,
    );
    expect(cancelUrl.pathname).toBe('/payments/checkout/canceled/');
    const reference = cancelUrl.searchParams.get('session_id')!;
    expect(reference).toMatch(/^co_[0-9a-f]{32}$/);
    const other = await signedInSession(app(), 'freelancer');
    const stranger = await app().inject({
      url: `/api/payments/checkout/${reference}/verify/canceled/`,
      headers: { cookie: other.cookie },
    });
    expect(expectContractResponse('verifyCheckoutSession', stranger, 404).code).toBe('not_found');
    expect(stripeApi.sessions.get(left.sessionId)!.status).toBe('open');
    expect(await verify(freelancer, reference, 'canceled')).toMatchObject({
      sessionId: left.sessionId,
      status: 'canceled',
    });
    expect(
      stripeApi.requests.some((request) => request.path === `/v1/checkout/sessions/${left.sessionId}/expire`),
    ).toBe(true);
    expect(stripeApi.sessions.get(left.sessionId)!.status).toBe('expired');
  });

  it('subscribes a business, and a new plan cancels the old subscription at Stripe', async () => {
    const business = await signedInSession(app(), 'business');
    const pro = await startPlan(business, PRO);
    const created = stripeApi.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!.form;
    expect(Object.fromEntries(created)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '49000',
      'line_items[0][price_data][recurring][interval]': 'year',
    });
    const paidPro = stripeApi.pay(pro.sessionId, {
      subscription: 'sub_standInPro',
      customer: 'cus_standIn',
      payment_intent: null,
    });
    expect((await deliver(completed('evt_test_stripe_pro_01', paidPro))).statusCode).toBe(200);
    expect(await verify(business, pro.sessionId)).toMatchObject({
      status: 'paid',
      plan: { slug: 'pro', interval: 'year', subscriptionStatus: 'active' },
    });

    const featured = await startPlan(business, FEATURED);
    const paidFeatured = stripeApi.pay(featured.sessionId, {
      subscription: 'sub_standInFeatured',
      customer: 'cus_standIn',
    });
    expect((await deliver(completed('evt_test_stripe_feat_1', paidFeatured))).statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(
        stripeApi.requests.some((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_standInPro'),
      ).toBe(true),
    );
    const rows = await app()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.businessId, business.account.user.id));
    expect(Object.fromEntries(rows.map((row) => [row.providerSubscriptionId, row.status]))).toEqual({
      sub_standInPro: 'ended',
      sub_standInFeatured: 'active',
    });
  });
  it("opens Stripe's billing portal for the subscription's customer, and applies the cancellation it sends", async () => {
    const business = await signedInSession(app(), 'business');
    const openPortal = () =>
      app().inject({ method: 'POST', url: '/api/payments/business/portal/', headers: business.headers });
    expect(expectContractResponse('createBillingPortalSession', await openPortal(), 409).code).toBe('conflict');
    expect(stripeApi.requests.some((request) => request.path === '/v1/billing_portal/sessions')).toBe(false);

    const checkout = await startPlan(business, FEATURED);
    const paid = stripeApi.pay(checkout.sessionId, {
      subscription: 'sub_standInPortal',
      customer: 'cus_standInPortal',
      payment_intent: null,
    });
    expect((await deliver(completed('evt_test_portal_paid01', paid))).statusCode).toBe(200);

    const opened = expectContractResponse('createBillingPortalSession', await openPortal(), 201) as {
      data: { url: string };
    };
    expect(opened.data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_standIn\d+$/);
    const created = stripeApi.requests.filter((request) => request.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(created.method).toBe('POST');
    expect(Object.fromEntries(created.form)).toEqual({
      customer: 'cus_standInPortal',
      return_url: 'http://market.test/dashboard/business/pricing/',
    });

    // What Stripe's portal sends when the business cancels there (at the period's end), then on that day.
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 24 * 3600;
    const updated = await deliver({
      id: 'evt_test_portal_cancel',
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_standInPortal',
          object: 'subscription',
          customer: 'cus_standInPortal',
          status: 'active',
          cancel_at_period_end: true,
          cancel_at: periodEnd,
          items: { data: [{ current_period_end: periodEnd }] },
        },
      },
    });
    expect(updated.statusCode).toBe(200);
    const plans = async () =>
      (
        expectContractResponse(
          'listBusinessPlans',
          await app().inject({ url: '/api/payments/business/plans/', headers: { cookie: business.cookie } }),
          200,
        ) as { data: components['schemas']['PaymentsBusinessPlanListResponse']['data'] }
      ).data.subscription;
    expect(await plans()).toMatchObject({
      status: 'canceling',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });
    const deleted = await deliver({
      id: 'evt_test_portal_delete',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_standInPortal', object: 'subscription', status: 'canceled' } },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await plans()).toBeNull();
    expect(expectContractResponse('createBillingPortalSession', await openPortal(), 409).code).toBe('conflict');
  });
});
