import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, useScenario } from '../../../../mocks/node';
import { failure, ok } from '@/testing/apiFixtures';
import { renderApp } from '@/testing/renderApp';
import { CHECKOUT_URL, FEATURED_ID, plansAnswer, PRO_ID, SESSION_ID, servePlans, subscription } from './testFixtures';
import { checkoutNavigation } from './useCheckoutRedirect';

const PATH = '/dashboard/business/pricing/';
const SLOW = { timeout: 8000 };
const CHECKOUT = '*/api/payments/business/checkout/session/';

async function open() {
  const app = renderApp(PATH);
  await screen.findByRole('heading', { level: 1, name: 'Business plans' }, SLOW);
  return app;
}

const card = async (name: string) =>
  within((await screen.findByRole('heading', { level: 3, name }, SLOW)).closest('li')!);

/** Records the checkout calls' bodies and CSRF headers, answering with `answer`. */
function recordCheckout(answer: () => Response | Promise<Response>) {
  const calls: { body: unknown; csrf: string | null }[] = [];
  const handler = http.post(CHECKOUT, async ({ request }) => {
    calls.push({ body: await request.json(), csrf: request.headers.get('X-CSRF-Token') });
    return answer();
  });
  return { handler, calls };
}

const created = () =>
  HttpResponse.json(
    ok({ sessionId: SESSION_ID, checkoutUrl: CHECKOUT_URL, expiresAt: '2026-03-14T09:26:12Z' }, 'Redirecting you.'),
    { status: 201 },
  );

let opened: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  window.sessionStorage.clear();
  useScenario('business');
  opened = vi.spyOn(checkoutNavigation, 'open').mockImplementation(() => undefined);
});
afterEach(() => opened.mockRestore());

describe('/dashboard/business/pricing/', () => {
  it('says it is loading, then shows each plan with what it gives, the free plan marked as current', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = plansAnswer(null);
    server.use(http.get('*/api/payments/business/plans/', async (info) => (await held, answer(info))));
    await open();
    expect(screen.getByRole('status').textContent).toContain('Loading the plans…');
    release();

    const free = await card('Free');
    expect(free.getByText('Your plan')).toBeTruthy();
    expect(free.getByText('Your current plan')).toBeTruthy();
    expect(free.queryByRole('button')).toBeNull();
    expect(screen.getByText('You are on the free plan.')).toBeTruthy();

    const pro = await card('Pro');
    expect(pro.getByText('Most popular')).toBeTruthy();
    expect(pro.getByText('$49')).toBeTruthy();
    expect(pro.getByText('billed monthly')).toBeTruthy();
    expect(pro.getByRole('list', { name: 'What Pro allows' }).textContent).toContain('30 proposals a month');
    expect(pro.getByRole('list', { name: 'What Pro includes' }).textContent).toContain('Priority support');
    // The limits are said once: the features that repeat them are not listed again.
    expect(pro.getAllByText('30 proposals a month')).toHaveLength(1);
    expect(pro.getAllByText('3 team seats')).toHaveLength(1);
    expect(pro.getByRole('list', { name: 'What Pro includes' }).textContent).not.toContain('team seats');
    expect(pro.getByRole('button', { name: 'Choose Pro' })).toBeTruthy();

    const featured = await card('Featured');
    const allows = featured.getByRole('list', { name: 'What Featured allows' }).textContent;
    expect(allows).toContain('Unlimited proposals');
    expect(allows).toContain('Sponsored placement: listed first in the directory');
    expect(allows).toContain('10 team seats');
  });

  it('leads the plan cards with a level-2 heading, so the headings never skip a level', async () => {
    server.use(servePlans(null));
    await open();
    await card('Pro');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Plans' })).toBeTruthy();
  });

  it("marks the business's paid plan and its state, and offers the others", async () => {
    server.use(servePlans(subscription({ status: 'canceling', cancelAtPeriodEnd: true })));
    await open();
    const pro = await card('Pro');
    expect(pro.getByText('Your plan')).toBeTruthy();
    expect(pro.getByText('Your current plan')).toBeTruthy();
    expect(pro.queryByRole('button')).toBeNull();
    const summary = screen.getByText(/^Your plan:/).closest('[role="status"]')!;
    expect(summary.textContent).toContain('Your plan: Pro, billed monthly.');
    expect(summary.textContent).toContain('Cancels on 23 Apr 2026.');
    expect(summary.textContent).toContain('Ends at the end of the period');
    expect((await card('Featured')).getByRole('button', { name: 'Choose Featured' })).toBeTruthy();
    expect((await card('Free')).getByText('You return to Free on 23 Apr 2026.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeTruthy();
  });

  it('opens the billing portal from Manage billing for a paid plan, and says why when it cannot', async () => {
    server.use(servePlans(subscription()));
    const calls: (string | null)[] = [];
    const portalUrl = 'https://billing.stripe.com/p/session/test_portal';
    let answer = () =>
      HttpResponse.json(ok({ url: portalUrl }, 'Redirecting you to the billing portal.'), { status: 201 });
    server.use(
      http.post('*/api/payments/business/portal/', ({ request }) => {
        calls.push(request.headers.get('X-CSRF-Token'));
        return answer();
      }),
    );
    await open();
    await card('Pro');
    const summary = screen.getByText(/^Your plan:/).closest('[role="status"]')!;
    expect(summary.textContent).toContain('Renews on 23 Apr 2026.');
    expect((await card('Free')).getByText(/cancel your plan in Manage billing/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(portalUrl));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeTruthy();

    answer = () =>
      failure(409, 'You are on the free plan, so there is no billing to manage. Choose a paid plan first.', 'conflict');
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));
    const alert = await screen.findByText(/there is no billing to manage/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('shows no Manage billing on the free plan', async () => {
    server.use(servePlans(null));
    await open();
    await card('Pro');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('treats a business whose subscription ended as on the free plan', async () => {
    server.use(servePlans(subscription({ status: 'ended', currentPeriodEnd: '2026-02-23T11:05:48Z' })));
    await open();
    const free = await card('Free');
    expect(free.getByText('Your plan')).toBeTruthy();
    expect(free.getByText('Your current plan')).toBeTruthy();
    const pro = await card('Pro');
    expect(pro.queryByText('Your plan')).toBeNull();
    expect(pro.getByRole('button', { name: 'Choose Pro' })).toBeTruthy();
    expect(screen.getByText('You are on the free plan. Your Pro plan ended on 23 Feb 2026.')).toBeTruthy();
  });

  it('opens on the interval the business pays, asking for the plans once per interval', async () => {
    const seen: string[] = [];
    server.use(servePlans(subscription({ interval: 'year' }), seen));
    await open();
    const pro = await card('Pro');
    await waitFor(() => expect(pro.getByText('$490')).toBeTruthy());
    expect((screen.getByRole('radio', { name: 'Yearly' }) as HTMLInputElement).checked).toBe(true);
    expect(pro.getByText('Your plan')).toBeTruthy();
    expect(pro.getByText('Your current plan')).toBeTruthy();
    expect(seen).toEqual(['month', 'year']);
  });

  it('asks once when the business pays monthly or nothing', async () => {
    const seen: string[] = [];
    server.use(servePlans(null, seen));
    await open();
    await card('Pro');
    expect(seen).toEqual(['month']);
  });

  it('prices the plans yearly on the toggle, and keeps the monthly plan marked with its billing', async () => {
    const seen: string[] = [];
    server.use(servePlans(subscription(), seen));
    await open();
    await card('Pro');
    const u = userEvent.setup();
    await u.click(screen.getByRole('radio', { name: 'Yearly' }));
    await waitFor(() => expect(seen).toContain('year'));
    const pro = await card('Pro');
    await waitFor(() => expect(pro.getByText('$490')).toBeTruthy());
    expect(pro.getByText('$40.83 a month, billed yearly')).toBeTruthy();
    expect(pro.getByText('Your plan, billed monthly')).toBeTruthy();
    // Switching the same plan to yearly billing is a new checkout.
    expect(pro.getByRole('button', { name: 'Choose Pro' })).toBeTruthy();
  });

  it('starts the checkout for the plan and interval chosen, says so while waiting, then leaves for the checkout page', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { handler, calls } = recordCheckout(async () => (await held, created()));
    server.use(servePlans(null), handler);
    await open();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('radio', { name: 'Yearly' }, SLOW));
    const featured = await card('Featured');
    await waitFor(() => expect(featured.getByText('$1,490')).toBeTruthy());
    await u.click(featured.getByRole('button', { name: 'Choose Featured' }));

    const waiting = await featured.findByRole('button', { name: 'Opening the secure checkout…' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(((await card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(true);
    release();

    await waitFor(() => expect(opened).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(calls).toEqual([{ body: { planId: FEATURED_ID, interval: 'year' }, csrf: expect.any(String) }]);
    expect(calls[0]!.csrf).not.toBe('');
  });

  it("shows the error envelope's message when the checkout cannot start, and lets the business try again", async () => {
    const { handler, calls } = recordCheckout(() =>
      failure(409, 'You are already on the Pro plan, billed yearly.', 'conflict'),
    );
    server.use(servePlans(null), handler);
    await open();
    const u = userEvent.setup();
    await u.click((await card('Pro')).getByRole('button', { name: 'Choose Pro' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are already on the Pro plan, billed yearly.');
    expect(opened).not.toHaveBeenCalled();
    expect(calls).toEqual([{ body: { planId: PRO_ID, interval: 'month' }, csrf: expect.any(String) }]);
    expect(((await card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not follow a checkout address that is not a web page', async () => {
    const { handler } = recordCheckout(() =>
      HttpResponse.json(
        ok({ sessionId: SESSION_ID, checkoutUrl: 'javascript:alert(1)', expiresAt: '2026-03-14T09:26:12Z' }),
        { status: 201 },
      ),
    );
    server.use(servePlans(null), handler);
    await open();
    await userEvent.setup().click((await card('Pro')).getByRole('button', { name: 'Choose Pro' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment page could not be opened. Please try again.',
    );
    expect(opened).not.toHaveBeenCalled();
  });

  it('is used with the keyboard: Tab reaches a plan and Enter starts its checkout', async () => {
    const { handler, calls } = recordCheckout(created);
    server.use(servePlans(null), handler);
    await open();
    const choose = (await card('Pro')).getByRole('button', { name: 'Choose Pro' });
    const u = userEvent.setup();
    for (let i = 0; i < 60 && document.activeElement !== choose; i += 1) await u.tab();
    expect(document.activeElement).toBe(choose);
    await u.keyboard('{Enter}');
    await waitFor(() => expect(opened).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(calls).toHaveLength(1);
  });

  it('shows other account types the plans without a way to buy one', async () => {
    useScenario('freelancer');
    server.use(servePlans(null));
    await open();
    await card('Pro');
    expect(screen.getByText('Plans are for business accounts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Buy versigems' }).getAttribute('href')).toBe(
      '/dashboard/plans/versigems/buy/',
    );
  });

  it('says when the plans cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    const answer = plansAnswer(null);
    server.use(
      http.get('*/api/payments/business/plans/', (info) =>
        fail ? failure(500, 'Something went wrong on our side. Please try again.', 'internal') : answer(info),
      ),
    );
    await open();
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('Something went wrong on our side.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Pro')).toBeTruthy();
  });
});
