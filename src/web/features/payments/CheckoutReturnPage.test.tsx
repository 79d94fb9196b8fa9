import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { freelancerUser } from '../../../../mocks/fixtures/users';
import { server, useScenario } from '../../../../mocks/node';
import { failure, ok } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { CHECKOUT_RETURN_KEY, VERSIGEMS_COUNT_KEY } from '@/lib/checkoutHandover';
import { PRO_ID, serveBalance, serveVerify, SESSION_ID, verification } from './testFixtures';

const SLOW = { timeout: 8000 };
const SUCCESS = `/payments/checkout/success/?session_id=${SESSION_ID}`;
const CANCELED = `/payments/checkout/canceled/?session_id=${SESSION_ID}`;

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, SLOW);
const main = () => within(screen.getByRole('main'));

const PAID_PLAN = verification({
  kind: 'plan',
  versigems: undefined,
  plan: {
    id: PRO_ID,
    slug: 'pro',
    name: 'Pro',
    interval: 'year',
    price: { amount: 490, currency: 'USD' },
    subscriptionStatus: 'active',
    currentPeriodEnd: '2027-03-14T09:26:12Z',
  },
});

beforeEach(() => {
  window.sessionStorage.clear();
  useScenario('freelancer');
});

describe('/payments/checkout/success/', () => {
  it('confirms the session, says what was bought, and moves the balance in the header', async () => {
    const calls: string[] = [];
    let paid = false;
    let meCalls = 0;
    server.use(
      http.get('*/api/auth/me/', () => {
        meCalls += 1;
        return HttpResponse.json(ok({ ...freelancerUser, versigems: paid ? 145 : 35 }));
      }),
      http.get('*/api/payments/freelancer/versigems/', () =>
        HttpResponse.json(
          ok({
            balance: paid ? 145 : 35,
            unlockCost: 5,
            ledger: { items: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } },
          }),
        ),
      ),
      http.get('*/api/payments/checkout/:sessionId/verify/:status/', ({ request }) => {
        calls.push(new URL(request.url).pathname);
        paid = true;
        return HttpResponse.json(ok(verification()));
      }),
    );
    renderApp(SUCCESS);
    await heading('Payment received');
    expect(calls[0]).toBe(`/api/payments/checkout/${SESSION_ID}/verify/success/`);
    expect(main().getByText('110 versigems were added to your balance.')).toBeTruthy();
    expect(main().getByText(/Your balance is now 145 versigems\./)).toBeTruthy();
    expect(main().getByRole('link', { name: 'See your balance' }).getAttribute('href')).toBe(
      '/dashboard/plans/versigems/buy/',
    );

    // The account menu's balance is read again.
    const u = userEvent.setup();
    // The signed-in account area is loaded once someone is signed in: it may still be on its way.
    await u.click(await screen.findByRole('button', { name: /account menu/ }, SLOW));
    expect(await screen.findByRole('link', { name: 'Versigems: 145' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(meCalls).toBeGreaterThan(1));
  });

  it('leads back to the page kept before the checkout, and forgets what the tab kept', async () => {
    window.sessionStorage.setItem(
      CHECKOUT_RETURN_KEY,
      JSON.stringify({ path: '/dashboard/messages/conversation/abc/details/', label: 'Back to the conversation' }),
    );
    window.sessionStorage.setItem(VERSIGEMS_COUNT_KEY, JSON.stringify({ bundleId: 'x', quantity: 2 }));
    server.use(serveVerify([verification()]), serveBalance([]));
    renderApp(SUCCESS);
    await heading('Payment received');
    expect(main().getByRole('link', { name: 'Back to the conversation' }).getAttribute('href')).toBe(
      '/dashboard/messages/conversation/abc/details/',
    );
    await waitFor(() => expect(window.sessionStorage.getItem(CHECKOUT_RETURN_KEY)).toBeNull());
    expect(window.sessionStorage.getItem(VERSIGEMS_COUNT_KEY)).toBeNull();
  });

  it('names the plan a business bought, its billing and renewal date', async () => {
    useScenario('business');
    server.use(serveVerify([PAID_PLAN]));
    renderApp(SUCCESS);
    await heading('Payment received');
    expect(main().getByText(/You are on the/).textContent).toBe(
      'You are on the Pro plan, billed yearly at $490 a year.',
    );
    expect(main().getByText(/It renews on 14 Mar 2027\./)).toBeTruthy();
    expect(main().getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe(
      '/dashboard/business/pricing/',
    );
  });

  it('waits while the payment is processing and asks again until it is paid', async () => {
    const calls: string[] = [];
    server.use(
      serveVerify([verification({ status: 'open', versigems: { gems: 0, balance: 35 } }), verification()], calls),
      serveBalance([]),
    );
    renderApp(SUCCESS);
    await heading('Your payment is processing');
    expect(main().getByText(/Nothing more is needed from you/)).toBeTruthy();
    expect(main().queryByText(/were added/)).toBeNull();
    await heading('Payment received');
    expect(calls.length).toBe(2);
  });

  it('says a checkout nobody can find is not found, without claiming a payment', async () => {
    server.use(
      http.get('*/api/payments/checkout/:sessionId/verify/:status/', () =>
        failure(404, 'This checkout was not found.', 'not_found'),
      ),
    );
    renderApp(SUCCESS);
    await heading('We could not find this checkout');
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(main().getByRole('link', { name: 'Back to the versigems bundles' })).toBeTruthy();
  });

  it('says an expired checkout charged nothing and leads back to choose again', async () => {
    useScenario('business');
    server.use(serveVerify([{ ...PAID_PLAN, status: 'expired' }]));
    renderApp(SUCCESS);
    await heading('This checkout has expired');
    expect(main().getByText(/Nothing was charged/)).toBeTruthy();
    expect(main().getByRole('link', { name: 'Back to the plans' }).getAttribute('href')).toBe(
      '/dashboard/business/pricing/',
    );
  });

  it('without a session id, shows no payment and asks the server nothing', async () => {
    const calls: string[] = [];
    server.use(serveVerify([verification()], calls));
    renderApp('/payments/checkout/success/');
    await heading('No payment to show');
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(calls).toEqual([]);
    expect(main().getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard/');
  });
});

describe('/payments/checkout/canceled/', () => {
  it('closes the session at the provider, says nothing was charged and leads back to choose again', async () => {
    useScenario('business');
    const calls: string[] = [];
    server.use(serveVerify([{ ...PAID_PLAN, status: 'canceled' }], calls));
    renderApp(CANCELED);
    await heading('Checkout canceled');
    expect(calls).toEqual([`/api/payments/checkout/${SESSION_ID}/verify/canceled/`]);
    expect(main().getByText(/Nothing was charged to your card/)).toBeTruthy();
    expect(main().getByRole('link', { name: 'Back to the plans' }).getAttribute('href')).toBe(
      '/dashboard/business/pricing/',
    );
  });

  it('keeps the count and the page kept for when the freelancer chooses again', async () => {
    window.sessionStorage.setItem(
      CHECKOUT_RETURN_KEY,
      JSON.stringify({ path: '/jobs/VR-9P3R5T7W/proposals/submit/', label: 'Back to your proposal' }),
    );
    window.sessionStorage.setItem(VERSIGEMS_COUNT_KEY, JSON.stringify({ bundleId: 'x', quantity: 2 }));
    server.use(serveVerify([verification({ status: 'canceled', versigems: { gems: 0, balance: 35 } })]));
    renderApp(CANCELED);
    await heading('Checkout canceled');
    expect(main().getByRole('link', { name: 'Back to the versigems bundles' }).getAttribute('href')).toBe(
      '/dashboard/plans/versigems/buy/',
    );
    expect(main().getByRole('link', { name: 'Back to your proposal' })).toBeTruthy();
    expect(window.sessionStorage.getItem(CHECKOUT_RETURN_KEY)).not.toBeNull();
    expect(window.sessionStorage.getItem(VERSIGEMS_COUNT_KEY)).not.toBeNull();
  });

  it("passes Stripe's cancel reference (the app's own `co_` id) to the verify call unchanged", async () => {
    const reference = 'co_4b7e1c9a6d2f4e8b9a315c0f2d7e8a14';
    const calls: string[] = [];
    server.use(
      http.get('*/api/payments/checkout/:sessionId/verify/:status/', ({ request }) => {
        calls.push(new URL(request.url).pathname);
        return HttpResponse.json(ok(verification({ status: 'canceled', versigems: { gems: 0, balance: 35 } })));
      }),
    );
    renderApp(`/payments/checkout/canceled/?session_id=${reference}`);
    await heading('Checkout canceled');
    expect(calls).toEqual([`/api/payments/checkout/${reference}/verify/canceled/`]);
    expect(main().getByText('You left the checkout before paying, and it is now closed.')).toBeTruthy();
  });

  it('without a session id, still says nothing was charged', async () => {
    renderApp('/payments/checkout/canceled/');
    await heading('Checkout canceled');
    expect(main().getByText(/Nothing was charged/)).toBeTruthy();
  });

  it('sends a visitor to sign in first, keeping the session id', async () => {
    useScenario('visitor');
    const app = renderApp(CANCELED);
    await waitFor(() => expect(app.location()).toMatch(/^\/auth\/login\/\?next=/));
    expect(decodeURIComponent(app.location())).toContain(`/payments/checkout/canceled/?session_id=${SESSION_ID}`);
  });
});
