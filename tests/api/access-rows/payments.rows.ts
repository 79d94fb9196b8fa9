import { businessOnly, everyone, freelancerOnly, type AccessRows } from './rows';

const event = {
  id: 'evt_access_row_check_0001',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_nobodys_session_0001', payment_status: 'paid' } },
};

/** A checkout nobody started is a 404 to everyone; the webhook takes no session (403) and this signature is wrong (400). */
export const rows: AccessRows = {
  listBusinessPlans: {
    request: async () => ({ url: '/api/payments/business/plans/?interval=year' }),
    expected: everyone(200),
  },
  listVersigemsBundles: {
    request: async () => ({ url: '/api/payments/freelancer/plans/versigems/' }),
    expected: everyone(200),
  },
  createBusinessCheckoutSession: {
    request: async () => ({
      method: 'POST',
      url: '/api/payments/business/checkout/session/',
      payload: { planId: '6f2c9d4a-1b7e-4a53-9e08-c5d3b7f1a246', interval: 'year' },
    }),
    expected: businessOnly(201),
  },
  // No business in the sweep pays for a plan: the 409 of a business without a subscription.
  createBillingPortalSession: {
    request: async () => ({ method: 'POST', url: '/api/payments/business/portal/' }),
    expected: businessOnly(409),
  },
  createVersigemsCheckoutSession: {
    request: async () => ({
      method: 'POST',
      url: '/api/payments/freelancer/checkout/session/',
      payload: { bundleId: '7a1d5c9e-3f6b-4e28-a0d4-9b2e7f3c1a56', quantity: 2 },
    }),
    expected: freelancerOnly(201),
  },
  verifyCheckoutSession: {
    request: async () => ({ url: '/api/payments/checkout/cs_test_nobodys_session_0001/verify/success/' }),
    expected: { visitor: 401, client: 404, freelancer: 404, business: 404 },
  },
  handlePaymentWebhook: {
    request: async () => ({
      method: 'POST',
      url: '/api/payments/webhook/',
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      payload: event,
    }),
    expected: { visitor: 400, client: 403, freelancer: 403, business: 403 },
  },
};
